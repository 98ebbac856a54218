/**
 * Streams a run log as raw byte chunks, plain or gzip (told apart by the gzip
 * magic bytes, not the name), from a file or from stdin (`-`). The main thread
 * never decodes or splits lines: it hands byte ranges to the workers. A plain
 * file read for a batch comes in blocks of pooled shared memory (see
 * `read-line-blocks.ts`); gzip and stdin come as the streams give them.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { BatchError, describeIoError } from './batch-error.js';
import { readLineBlocks } from './read-line-blocks.js';
import type { SharedBufferPool } from './shared-buffer-pool.js';
import type { InputRange } from './types.js';

/** The input path that means standard input. */
export const STDIN = '-';

/** An open input: its byte chunks, and how far into the file reading has got (for ETA). */
export interface InputBytes {
  /**
   * Starts reading; call once. Chunks are decompressed bytes. Given a pool, a plain file's
   * chunks are blocks of its memory that end at a line end (all but the last).
   */
  chunks(pool?: SharedBufferPool): AsyncIterator<Buffer>;
  /** Bytes read so far (compressed bytes for gzip). */
  bytesRead(): number;
  /** File size in bytes; undefined for stdin. */
  size: number | undefined;
  gzip: boolean;
  close(): void;
}

/** Whether a file is gzip (by its magic bytes) and its size; a BatchError when it cannot be read. */
export async function sniff(path: string): Promise<{ gzip: boolean; size: number }> {
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

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

function gunzip(source: Readable): Readable {
  // pipeline forwards a read error of the source into the gunzip stream, so the reader sees it.
  return pipeline(source, createGunzip(), () => {});
}

/** Stdin cannot be sniffed ahead: its first chunk decides, then is read again in front of the rest. */
async function* stdinChunks(stdin: Readable, counted: (n: number) => void): AsyncGenerator<Buffer> {
  const source = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await source.next();
  if (first.done === true) return;
  async function* raw(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    for (let next = await source.next(); next.done !== true; next = await source.next()) {
      counted((next.value as Buffer).length);
      yield next.value as Buffer;
    }
  }
  counted((first.value as Buffer).length);
  const stream = isGzip(first.value as Buffer) ? gunzip(Readable.from(raw(), { objectMode: false })) : raw();
  for await (const chunk of stream) yield chunk as Buffer;
}

/**
 * Opens a JSONL (or JSONL.gz) file, or stdin for `-`, for reading as byte chunks.
 *
 * @example
 * const input = await openInputBytes('runs.jsonl.gz');
 * const chunks = input.chunks();
 * for (let next = await chunks.next(); !next.done; next = await chunks.next()) console.log(next.value.length);
 */
export async function openInputBytes(path: string, range?: InputRange): Promise<InputBytes> {
  if (path === STDIN) {
    if (range !== undefined) throw new BatchError('usage', 'cannot read a byte range of stdin');
    let read = 0;
    return {
      chunks: () => stdinChunks(process.stdin, (n) => (read += n)),
      bytesRead: () => read,
      size: undefined,
      gzip: false,
      close: () => process.stdin.pause(),
    };
  }
  const { gzip, size } = await sniff(path);
  if (range !== undefined) {
    if (gzip && (range.start !== 0 || range.end !== size)) throw new BatchError('usage', `cannot read a byte range of gzip input ${path}`);
    if (range.start < 0 || range.end > size || range.start > range.end) throw new BatchError('input', `byte range ${range.start}-${range.end} is outside ${path} (${size} bytes)`);
  }
  let file: ReturnType<typeof createReadStream> | undefined;
  const blocks = { bytesRead: 0 };
  return {
    chunks: (pool) => {
      // Without a range the whole file is read, to its end at the time.
      if (!gzip && pool !== undefined) return plainBlocks(path, range?.start ?? 0, range?.end ?? Infinity, pool, blocks);
      // createReadStream's end is inclusive, so an empty range gets no stream at all.
      if (range !== undefined && range.start === range.end) return (async function* () {})();
      file = createReadStream(path, { highWaterMark: 256 * 1024, ...(range === undefined ? {} : { start: range.start, end: range.end - 1 }) });
      return (gzip ? gunzip(file) : file)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    },
    bytesRead: () => (file?.bytesRead ?? 0) + blocks.bytesRead,
    size: range === undefined ? size : range.end - range.start,
    gzip,
    close: () => file?.destroy(),
  };
}

/** A plain file's blocks (see `readLineBlocks`), the file open while they are read. */
async function* plainBlocks(path: string, start: number, end: number, pool: SharedBufferPool, progress: { bytesRead: number }): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    yield* readLineBlocks(handle, start, end, pool, progress);
  } finally {
    await handle.close();
  }
}
