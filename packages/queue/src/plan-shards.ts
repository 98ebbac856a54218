/**
 * Cuts a run log into shards a worker on another machine can process alone:
 * byte ranges that start and end on line boundaries, each knowing the input
 * line number of its first line, so shard outputs carry the same line numbers
 * as a local run and merge back byte for byte.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** One shard of a run log: `[start, end)` in bytes, starting at input line `firstLine` (1-based). */
export interface Shard {
  index: number;
  start: number;
  end: number;
  firstLine: number;
}

/** Default target size of a shard: large enough to amortize a pool start and a queue round trip. */
export const DEFAULT_SHARD_BYTES = 8 * 1024 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** True when the file starts with the gzip magic bytes. */
export async function isGzipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/**
 * Plans the shards of a plain JSONL file in one streaming pass (memory stays
 * flat): a shard ends at the first newline at or after `shardBytes` past its
 * start. A gzip file cannot be entered in the middle, so it is one shard.
 *
 * @example
 * const shards = await planShards('runs.jsonl', { shardBytes: 4 << 20 });
 * shards[1]; // { index: 1, start: 4194321, end: 8388702, firstLine: 2051 }
 */
export async function planShards(path: string, options: { shardBytes?: number } = {}): Promise<Shard[]> {
  const shardBytes = options.shardBytes ?? DEFAULT_SHARD_BYTES;
  if (!Number.isInteger(shardBytes) || shardBytes < 1) throw new RangeError(`shard size must be a positive integer, got ${shardBytes}`);
  if (await isGzipFile(path)) {
    const handle = await open(path, 'r');
    const { size } = await handle.stat().finally(() => handle.close());
    return [{ index: 0, start: 0, end: size, firstLine: 1 }];
  }
  const shards: Shard[] = [];
  let start = 0;
  let firstLine = 1;
  let line = 1;
  let offset = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      line++;
      const end = offset + at + 1;
      if (end - start >= shardBytes) {
        shards.push({ index: shards.length, start, end, firstLine });
        start = end;
        firstLine = line;
      }
      at = chunk.indexOf(0x0a, at + 1);
    }
    offset += chunk.length;
  }
  if (offset > start || shards.length === 0) shards.push({ index: shards.length, start, end: offset, firstLine });
  return shards;
}
