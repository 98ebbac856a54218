import { describe, expect, it } from 'vitest';
import { watchGcPauses } from './gc-pauses.js';

/**
 * Allocates `count` short-lived objects (well over 100 MB for 3 million): young collections, one
 * after another. A count, not a time, so a loaded machine still collects.
 */
function churn(count: number): number {
  let kept: { n: number; s: string }[] = [];
  let made = 0;
  while (made < count) {
    kept.push({ n: made++, s: `item ${made}` });
    if (kept.length > 50_000) kept = [];
  }
  return made;
}

describe('watchGcPauses', () => {
  it('counts the collections that started within the window asked for', async () => {
    const gc = watchGcPauses();
    try {
      const t0 = performance.now();
      expect(churn(3_000_000)).toBe(3_000_000);
      const t1 = performance.now();
      expect(await gc.between(t0, t0)).toBe(0);
      const busy = await gc.between(t0, t1);
      expect(busy).toBeGreaterThan(0);
      expect(busy).toBeLessThan(t1 - t0);
    } finally {
      gc.stop();
    }
  });
});
