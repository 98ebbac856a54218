import { describe, expect, it } from 'vitest';
import { watchGcPauses } from './gc-pauses.js';

/** Allocates short-lived objects for about `ms`: young collections, one after another. */
function churn(ms: number): number {
  let kept: { n: number; s: string }[] = [];
  let made = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (let k = 0; k < 1000; k++) kept.push({ n: made++, s: `item ${made}` });
    if (kept.length > 50_000) kept = [];
  }
  return made;
}

describe('watchGcPauses', () => {
  it('counts the collections that started within the window asked for', async () => {
    const gc = watchGcPauses();
    try {
      const t0 = performance.now();
      expect(churn(150)).toBeGreaterThan(0);
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
