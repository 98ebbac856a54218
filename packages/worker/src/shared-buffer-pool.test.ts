import { describe, expect, it } from 'vitest';
import { SharedBufferPool } from './shared-buffer-pool.js';

describe('SharedBufferPool', () => {
  it('hands out exact-size views of shared memory and reuses a given-back buffer that fits', () => {
    const pool = new SharedBufferPool(4);
    const first = pool.take(1000);
    expect(first.length).toBe(1000);
    expect(first.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Capacity grows in 256 KB steps, so a slightly longer range reuses the same memory.
    expect(first.buffer.byteLength).toBe(256 * 1024);
    pool.give(first);
    const second = pool.take(200_000);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(200_000);
    // Taken again only once given back.
    expect(pool.take(10).buffer).not.toBe(first.buffer);
  });

  it('allocates anew when no free buffer is large enough', () => {
    const pool = new SharedBufferPool(4);
    const small = pool.take(10);
    pool.give(small);
    const large = pool.take(300 * 1024);
    expect(large.buffer).not.toBe(small.buffer);
    expect(large.buffer.byteLength).toBe(512 * 1024);
    expect(pool.take(5).buffer).toBe(small.buffer);
  });

  it('keeps at most maxFree buffers, none over 4 MB, and ignores memory it did not hand out', () => {
    const pool = new SharedBufferPool(1);
    const a = pool.take(10);
    const b = pool.take(10);
    pool.give(a);
    pool.give(b);
    expect(pool.take(10).buffer).toBe(a.buffer);
    expect(pool.take(10).buffer).not.toBe(b.buffer);
    const huge = pool.take(5 * 1024 * 1024);
    expect(huge.buffer.byteLength).toBe(5 * 1024 * 1024);
    pool.give(huge);
    expect(pool.take(5 * 1024 * 1024).buffer).not.toBe(huge.buffer);
    const plain = new Uint8Array(10);
    pool.give(plain);
    pool.give(undefined);
    expect(pool.take(10).buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('hands out the smallest free buffer that fits', () => {
    const pool = new SharedBufferPool(4);
    const large = pool.take(1024 * 1024);
    const small = pool.take(1000);
    pool.give(large);
    pool.give(small);
    expect(pool.take(2000).buffer).toBe(small.buffer);
    expect(pool.take(2000).buffer).toBe(large.buffer);
  });

  it('does not pool a buffer twice when it is given back twice', () => {
    const pool = new SharedBufferPool(4);
    const a = pool.take(10);
    pool.give(a);
    pool.give(a);
    expect(pool.take(10).buffer).toBe(a.buffer);
    expect(pool.take(10).buffer).not.toBe(a.buffer);
  });
});

describe('SharedBufferPool holders', () => {
  it('frees a buffer once every holder of its views gave it back', () => {
    const pool = new SharedBufferPool(4);
    const block = pool.take(1000);
    const view = block.subarray(100, 200);
    expect(pool.holds(view)).toBe(true);
    expect(pool.retain(view)).toBe(true);
    pool.give(block);
    // The view's holder still has it: the memory is not handed out again.
    expect(pool.take(10).buffer).not.toBe(block.buffer);
    expect(pool.holds(view)).toBe(true);
    pool.give(view);
    expect(pool.holds(view)).toBe(false);
    expect(pool.take(10).buffer).toBe(block.buffer);
  });

  it('neither holds nor retains memory it did not hand out', () => {
    const pool = new SharedBufferPool(4);
    const foreign = Buffer.from(new SharedArrayBuffer(10));
    expect(pool.holds(foreign)).toBe(false);
    expect(pool.retain(foreign)).toBe(false);
    expect(pool.retain(Buffer.alloc(10))).toBe(false);
  });
});
