/**
 * Shared memory that a run hands out again and again: the bytes of each range
 * of log lines and the buffer each chunk's results are written into. An
 * ArrayBuffer is freed only when a garbage collection finds it dead, and V8
 * counts such memory against a limit that forces full collections: a run that
 * allocated its ranges and results afresh spent about half of the calling
 * thread's time in them. A buffer goes back to the pool once its chunk is
 * committed, when no thread reads or writes it any more.
 *
 * A buffer can have several holders: a block of the log that several ranges are
 * views of goes back once the reader and every range have given it back.
 */

/** Pooled buffers grow in steps of this much, so a slightly longer range still fits one. */
const CAPACITY_STEP = 256 * 1024;
/** Larger buffers (ranges of huge records) are not kept: one would pin its size for the run. */
export const MAX_POOLED_BYTES = 4 * 1024 * 1024;

/**
 * A free list of SharedArrayBuffers, each handed out with a count of its holders.
 *
 * @example
 * const pool = new SharedBufferPool(8);
 * const bytes = pool.take(1000); // a Buffer of 1000 bytes in shared memory, one holder
 * pool.retain(bytes.subarray(0, 10)); // true: a second holder (a view of the same memory)
 * pool.give(bytes); // the first holder is done…
 * pool.give(bytes); // …and the second: the memory is free again
 */
export class SharedBufferPool {
  private readonly free: SharedArrayBuffer[] = [];
  /** Holders of each buffer handed out and not yet given back by all of them. */
  private readonly holders = new Map<ArrayBufferLike, number>();

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
    const capacity = size > MAX_POOLED_BYTES ? size : Math.ceil(Math.max(size, 1) / CAPACITY_STEP) * CAPACITY_STEP;
    const shared = best >= 0 ? this.free.splice(best, 1)[0]! : new SharedArrayBuffer(capacity);
    this.holders.set(shared, 1);
    return Buffer.from(shared, 0, size);
  }

  /** Whether `bytes` is a view of a buffer this pool handed out and not all its holders gave back. */
  holds(bytes: Uint8Array): boolean {
    return this.holders.has(bytes.buffer);
  }

  /**
   * Adds a holder to the buffer `bytes` is a view of, when it is one this pool handed out and
   * not all its holders gave back: the caller may then keep the view until it gives it back.
   */
  retain(bytes: Uint8Array): boolean {
    const count = this.holders.get(bytes.buffer);
    if (count === undefined) return false;
    this.holders.set(bytes.buffer, count + 1);
    return true;
  }

  /** A holder gives back (a view of) a buffer from {@link take}; other memory is ignored. */
  give(bytes: Uint8Array | undefined): void {
    const shared = bytes?.buffer;
    const count = shared === undefined ? undefined : this.holders.get(shared);
    if (count === undefined) return;
    if (count > 1) {
      this.holders.set(shared!, count - 1);
      return;
    }
    this.holders.delete(shared!);
    if (shared!.byteLength <= MAX_POOLED_BYTES && this.free.length < this.maxFree) this.free.push(shared as SharedArrayBuffer);
  }
}
