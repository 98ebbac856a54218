import { describe, expect, it } from 'vitest';
import { INLINE_BELOW_BYTES, threadsForSize } from './open-batch-inputs.js';

describe('threadsForSize', () => {
  it('runs a log of known size below the threshold inline, and stdin (no size) on its threads', () => {
    expect(threadsForSize(INLINE_BELOW_BYTES - 1, 2, INLINE_BELOW_BYTES)).toBe(0);
    expect(threadsForSize(INLINE_BELOW_BYTES, 2, INLINE_BELOW_BYTES)).toBe(2);
    expect(threadsForSize(undefined, 2, INLINE_BELOW_BYTES)).toBe(2);
    // A threshold of 0 (a library caller's explicit threads) never overrides them.
    expect(threadsForSize(0, 3, 0)).toBe(3);
  });
});
