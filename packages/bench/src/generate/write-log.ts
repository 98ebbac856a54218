/**
 * Streams a generated run log to disk: records are serialized one by one and
 * written in ~64 KB chunks with backpressure, so memory stays flat at 1 GB.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { generateRecords, type LogProfile } from './generate-records.js';
import type { OutputKind } from './render-output.js';

export interface WriteLogOptions {
  /** Target size in bytes; the log stops at the first record that reaches it. */
  size: number;
  seed: number;
  path: string;
  /** Default `default`. */
  profile?: LogProfile;
}

export interface LogStats {
  records: number;
  bytes: number;
  /** Records and bytes (of the JSONL line) per output kind. */
  byKind: Partial<Record<OutputKind, { records: number; bytes: number }>>;
}

const CHUNK = 64 * 1024;

/**
 * Writes a log of about `size` bytes (one record's line past it at most).
 *
 * @example
 * await writeLog({ size: 10 * 1024 ** 2, seed: 1, path: 'corpus/log.jsonl' });
 */
export async function writeLog(options: WriteLogOptions): Promise<LogStats> {
  await mkdir(dirname(options.path), { recursive: true });
  const stream = createWriteStream(options.path);
  const stats: LogStats = { records: 0, bytes: 0, byKind: {} };
  let pending: string[] = [];
  let pendingBytes = 0;
  try {
    for (const generated of generateRecords(options.seed, options.profile)) {
      if (stats.bytes >= options.size) break;
      const line = `${JSON.stringify(generated.record)}\n`;
      const bytes = Buffer.byteLength(line);
      stats.records++;
      stats.bytes += bytes;
      const kind = (stats.byKind[generated.kind] ??= { records: 0, bytes: 0 });
      kind.records++;
      kind.bytes += bytes;
      pending.push(line);
      pendingBytes += bytes;
      if (pendingBytes >= CHUNK) {
        if (!stream.write(pending.join(''))) await once(stream, 'drain');
        pending = [];
        pendingBytes = 0;
      }
    }
    if (pending.length > 0) stream.write(pending.join(''));
  } finally {
    stream.end();
    await once(stream, 'close');
  }
  return stats;
}
