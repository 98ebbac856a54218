import { describe, expect, it } from 'vitest';
import { fitGrowthExponent } from './growth-exponent.js';

describe('fitGrowthExponent', () => {
  const sizes = [64 * 1024, 256 * 1024, 1024 * 1024];

  it.each([
    [1, 'linear'],
    [2, 'quadratic'],
    [1.5, 'in between'],
  ])('recovers exponent %d (%s) from exact power laws', (k) => {
    expect(fitGrowthExponent(sizes.map((size) => ({ size, time: 3e-6 * size ** k })))).toBeCloseTo(k, 10);
  });

  it('fits the least-squares slope through noisy points', () => {
    // log2 sizes 0, 1, 2 with log2 times 0, 1.5, 2 → slope 1 (in log2/log2, the same in any base).
    expect(fitGrowthExponent([{ size: 1, time: 1 }, { size: 2, time: 2 ** 1.5 }, { size: 4, time: 4 }])).toBeCloseTo(1, 10);
  });

  it('returns null without two distinct sizes or with non-positive values', () => {
    expect(fitGrowthExponent([{ size: 10, time: 1 }])).toBeNull();
    expect(fitGrowthExponent([{ size: 10, time: 1 }, { size: 10, time: 2 }])).toBeNull();
    expect(fitGrowthExponent([{ size: 10, time: 0 }, { size: 20, time: 2 }])).toBeNull();
  });
});
