/**
 * Streams a run log line by line, plain or gzip (told apart by the gzip magic
 * bytes, not the name), without ever holding more than a read buffer.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface, type Interface } from 'node:readline';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { BatchError, describeIoError } from './batch-error.js';

/** An open input: its lines, and how far into the file reading has got (for ETA). */
export interface InputLines {
  /** Starts reading; call once. */
  lines(): AsyncIterator<string>;
  /** File bytes read so far (compressed bytes for gzip). */
  bytesRead(): number;
  /** File size in bytes. */
  size: number;
  gzip: boolean;
  close(): void;
}

async function sniff(path: string): Promise<{ gzip: boolean; size: number }> {
  let handle;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    const head = Buffer.alloc(2);
    // Reading (not just opening) also catches a directory given as input.
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return { gzip: bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b, size };
  } catch (error) {
    throw new BatchError('input', `cannot read input ${path}: ${describeIoError(error)}`);
  } finally {
    await handle?.close();
  }
}

/**
 * Opens a JSONL (or JSONL.gz) file for line-by-line reading.
 *
 * @example
 * const input = await openInputLines('runs.jsonl.gz');
 * const lines = input.lines();
 * for (let next = await lines.next(); !next.done; next = await lines.next()) console.log(next.value.length);
 */
export async function openInputLines(path: string): Promise<InputLines> {
  const { gzip, size } = await sniff(path);
  const file = createReadStream(path);
  let reader: Interface | undefined;
  return {
    lines: () => {
      // pipeline forwards a read error of the file into the gunzip stream, so the line iterator sees it.
      const text = gzip ? pipeline(file, createGunzip(), () => {}) : file;
      // The iterator must be taken at once: readline emits lines as soon as it exists.
      reader = createInterface({ input: text, crlfDelay: Infinity });
      return reader[Symbol.asyncIterator]();
    },
    bytesRead: () => file.bytesRead,
    size,
    gzip,
    close: () => {
      reader?.close();
      file.destroy();
    },
  };
}
