/**
 * Shared memory that a run hands out again and again: the bytes of each range
 * of log lines and the buffer each chunk's results are written into. An
 * ArrayBuffer is freed only when a garbage collection finds it dead, and V8
 * counts such memory against a limit that forces full collections: a run that
 * allocated its ranges and results afresh spent about half of the calling
 * thread's time in them. A buffer goes back to the pool once its chunk is
 * committed, when no thread reads or writes it any more.
 */

/** Pooled buffers grow in steps of this much, so a slightly longer range still fits one. */
const CAPACITY_STEP = 256 * 1024;
/** Larger buffers (ranges of huge records) are not kept: one would pin its size for the run. */
const MAX_POOLED_BYTES = 4 * 1024 * 1024;

/**
 * A free list of SharedArrayBuffers.
 *
 * @example
 * const pool = new SharedBufferPool(8);
 * const bytes = pool.take(1000); // a Buffer of 1000 bytes in shared memory
 * pool.give(bytes); // once nobody reads or writes it
 */
export class SharedBufferPool {
  private readonly free: SharedArrayBuffer[] = [];

  /** `maxFree`: buffers kept at most (a run needs about two per chunk in flight). */
  constructor(private readonly maxFree: number) {}

  /**
   * A buffer of exactly `size` bytes (its contents are whatever its last use left): the
   * smallest free one that fits, so ranges and the larger result buffers keep to their sizes.
   */
  take(size: number): Buffer {
    let best = -1;
    for (let k = 0; k < this.free.length; k++) {
      const capacity = this.free[k]!.byteLength;
      if (capacity >= size && (best < 0 || capacity < this.free[best]!.byteLength)) best = k;
    }
    if (best >= 0) return Buffer.from(this.free.splice(best, 1)[0]!, 0, size);
    const capacity = size > MAX_POOLED_BYTES ? size : Math.ceil(Math.max(size, 1) / CAPACITY_STEP) * CAPACITY_STEP;
    return Buffer.from(new SharedArrayBuffer(capacity), 0, size);
  }

  /** Returns a buffer from {@link take} (other memory is ignored). */
  give(bytes: Uint8Array | undefined): void {
    const shared = bytes?.buffer;
    if (!(shared instanceof SharedArrayBuffer) || shared.byteLength > MAX_POOLED_BYTES || this.free.length >= this.maxFree) return;
    if (!this.free.includes(shared)) this.free.push(shared);
  }
}
