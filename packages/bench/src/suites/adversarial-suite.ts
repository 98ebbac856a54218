/**
 * Adversarial families (issue 20): each family of `generate/adversarial-families.ts`
 * through `safeParse` with `z.unknown()` at sizes 4× apart up to 4 MB; per family the
 * fitted growth exponent (1.0 = linear) and the worst throughput over the sizes. One
 * timed pass per size after a warm-up at the smallest (a 4 MB pass is long enough to
 * time on its own); the targets are in `report/targets.ts`.
 */
import { safeParse } from '@airlock/core';
import { z } from 'zod';
import { ADVERSARIAL_FAMILIES } from '../generate/adversarial-families.js';
import { formatSize } from '../generate/parse-size.js';
import { fitGrowthExponent, type GrowthPoint } from '../measure/growth-exponent.js';
import { adversarialExponent, adversarialWorstMbps, ADVERSARIAL_WORST_EXPONENT, ADVERSARIAL_WORST_MBPS } from '../report/targets.js';
import type { Suite } from './suite.js';

const permissive = z.unknown();

/** Full mode: 64 KB to 4 MB; quick mode: 16 KB to 256 KB. */
export function adversarialSizes(mode: 'quick' | 'full'): number[] {
  return mode === 'quick' ? [16 * 1024, 64 * 1024, 256 * 1024] : [64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024];
}

/** Median of `rounds` timed passes, in ms. */
function timePasses(text: string, rounds: number): number {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    safeParse(text, permissive);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export const adversarialSuite: Suite = {
  name: 'adversarial',
  description: 'Adversarial families (generic <T> tags, colon and dash chains, one tab, duplicate keys, envelopes) at growing sizes (full: 64 KB to 4 MB, quick: 16 to 256 KB): growth exponent and worst MB/s',
  async run(ctx, rec) {
    const sizes = adversarialSizes(ctx.mode);
    let worstExponent: number | null = null;
    let worstMbps: number | null = null;
    for (const family of ADVERSARIAL_FAMILIES) {
      ctx.log(`adversarial: ${family.id}`);
      timePasses(family.make(sizes[0]!), 2);
      const points: GrowthPoint[] = [];
      let familyWorst = Number.POSITIVE_INFINITY;
      for (const size of sizes) {
        const text = family.make(size);
        const bytes = Buffer.byteLength(text);
        const ms = timePasses(text, size >= 1024 * 1024 ? 1 : 3);
        const row = rec.timed(`${family.id} ${formatSize(size)}`, 'Airlock safeParse', ms, bytes, family.label);
        points.push({ size: bytes, time: ms });
        familyWorst = Math.min(familyWorst, row.mbPerSec);
      }
      const exponent = fitGrowthExponent(points);
      rec.ratio(adversarialExponent(family.id), exponent);
      rec.ratio(adversarialWorstMbps(family.id), familyWorst);
      if (exponent !== null) worstExponent = Math.max(worstExponent ?? exponent, exponent);
      worstMbps = Math.min(worstMbps ?? familyWorst, familyWorst);
    }
    rec.ratio(ADVERSARIAL_WORST_EXPONENT, worstExponent);
    rec.ratio(ADVERSARIAL_WORST_MBPS, worstMbps);
  },
};
