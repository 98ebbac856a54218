/**
 * Reads a plain log file into blocks of pooled shared memory that end at a
 * line end, so that the ranges cut from a block are views of it: the calling
 * thread copies no log byte on its way to a worker, and allocates no buffer per
 * read (each read into fresh memory made the calling thread's heap collect
 * again and again). Only the partial line at a block's end is copied, to the
 * start of the next block.
 */
import type { FileHandle } from 'node:fs/promises';
import { MAX_POOLED_BYTES, type SharedBufferPool } from './shared-buffer-pool.js';

/** Bytes of a block: the largest buffer the pool keeps, a few ranges' worth. */
export const LOG_BLOCK_BYTES = MAX_POOLED_BYTES;

/**
 * Bytes of the first read: enough lines for the first ranges, so threads start before a whole
 * block has come in (a 4 MB read took 2–3 ms, with every thread idle).
 */
export const FIRST_READ_BYTES = 1024 * 1024;

/** What the reader reports as it goes. */
export interface BlockReadProgress {
  /** Bytes read from the file so far. */
  bytesRead: number;
}

/**
 * Blocks of whole lines of `handle` from byte `start` to `end`; the last block holds the rest
 * (a last line without a line end). A block stays in the pool's hands: the reader gives its own
 * hold back once it has moved past it, and whoever keeps a view must `retain` it first (as the
 * line cutter does). A line longer than a block gets a block that doubles until it fits. The
 * next block is read while the caller works on the current one, so a thread never waits on it.
 *
 * @example
 * for await (const block of readLineBlocks(handle, 0, size, pool, progress)) cutter.push(block);
 */
export async function* readLineBlocks(handle: FileHandle, start: number, end: number, pool: SharedBufferPool, progress: BlockReadProgress, blockBytes = LOG_BLOCK_BYTES): AsyncGenerator<Buffer> {
  let position = start;
  let block = pool.take(blockBytes);
  // Bytes of `block` in use: the carried partial line, then what was read after it.
  let filled = 0;
  let reading: Promise<number> | undefined;
  // The block the caller is working on, while the next one is read.
  let yielded: Buffer | undefined;
  const readMore = (): Promise<number> => {
    const want = Math.min(block.length - filled, end - position, position === start ? FIRST_READ_BYTES : Infinity);
    return want === 0 ? Promise.resolve(0) : handle.read(block, filled, want, position).then(({ bytesRead }) => bytesRead);
  };
  try {
    reading = readMore();
    for (;;) {
      const bytesRead = await reading;
      reading = undefined;
      if (bytesRead === 0) {
        if (filled > 0) yield block.subarray(0, filled);
        return;
      }
      const searchFrom = filled;
      position += bytesRead;
      progress.bytesRead += bytesRead;
      filled += bytesRead;
      // The carried bytes hold no line end: only the new ones need a look.
      const lastLineEnd = block.lastIndexOf(10, filled - 1);
      if (lastLineEnd < searchFrom) {
        if (filled === block.length) {
          // A line longer than the block: the same bytes in one twice the size.
          const larger = pool.take(block.length * 2);
          block.copy(larger, 0, 0, filled);
          pool.give(block);
          block = larger;
        }
        reading = readMore();
        continue;
      }
      const whole = lastLineEnd + 1;
      yielded = block;
      block = pool.take(Math.max(blockBytes, 2 * (filled - whole)));
      yielded.copy(block, 0, whole, filled);
      filled -= whole;
      reading = readMore();
      yield yielded.subarray(0, whole);
      // The caller has taken its views of the block (each with a hold) by now.
      pool.give(yielded);
      yielded = undefined;
    }
  } finally {
    // A read still under way when the caller stops must end before its memory goes back.
    await reading?.catch(() => {});
    pool.give(yielded);
    pool.give(block);
  }
}
