import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits.js';

describe('groupDigits', () => {
  it('writes what Intl.NumberFormat en-US writes, integers or not', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, -0, 7, 999, 1000, 10246, -1500, 1234567, 2 ** 53 - 1, 2 ** 53, 1234.5, 0.12345, NaN, Infinity, -1e21]) {
      expect(groupDigits(n), String(n)).toBe(intl.format(n));
    }
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double()), (n) => groupDigits(n) === intl.format(n)), { numRuns: 2000, seed: 3 });
  });
});
