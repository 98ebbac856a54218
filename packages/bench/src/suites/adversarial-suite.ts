/**
 * Adversarial families: each family of `generate/adversarial-families.ts`
 * through `safeParse` with `z.unknown()` at sizes 4× apart up to 4 MB; per family the
 * growth exponent (1.0 = linear) fitted over the sizes above the smallest, the worst
 * throughput over all sizes, and the heap floor beside the exponent (see {@link resultText}).
 * Each size's time is the median of three rounds of at least 2 MB of text each (see
 * {@link timePasses}), after a warm-up at the smallest: single passes let one disturbed or
 * lucky pass on a shared machine move an exponent by 0.2; the targets are in `report/targets.ts`.
 */
import { safeParse } from '@airlock/core';
import { z } from 'zod';
import { ADVERSARIAL_FAMILIES } from '../generate/adversarial-families.js';
import { formatSize } from '../generate/parse-size.js';
import { fitGrowthExponent, type GrowthPoint } from '../measure/growth-exponent.js';
import { adversarialExponent, adversarialFloorExponent, adversarialWorstMbps, ADVERSARIAL_WORST_EXCESS_EXPONENT, ADVERSARIAL_WORST_EXPONENT, ADVERSARIAL_WORST_MBPS } from '../report/targets.js';
import type { Suite } from './suite.js';

const permissive = z.unknown();

/** Full mode: 64 KB to 4 MB; quick mode: 16 KB to 256 KB. */
export function adversarialSizes(mode: 'quick' | 'full'): number[] {
  return mode === 'quick' ? [16 * 1024, 64 * 1024, 256 * 1024] : [64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024];
}

/** Text each timed round parses at least: small sizes repeat, so their rounds include their share of collections. */
const ROUND_BYTES = 2 * 1024 * 1024;

/**
 * Time of one pass in ms: the median over `rounds` rounds, each timing enough passes
 * back to back to parse {@link ROUND_BYTES}. A single 64 KB pass runs before or after a
 * collection by chance (2.5 or 4.5 ms); rounds of many passes pay collections in proportion,
 * as larger sizes do.
 */
function timePasses(text: string, rounds: number, parse: (text: string) => unknown = (t) => safeParse(t, permissive)): number {
  const passes = Math.max(1, Math.ceil(ROUND_BYTES / Math.max(text.length, 1)));
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let p = 0; p < passes; p++) parse(text);
    times.push((performance.now() - start) / passes);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The points above the smallest size, when there are more than three (see the fit below). */
function aboveSmallest(points: GrowthPoint[]): GrowthPoint[] {
  return points.length > 3 ? points.slice(1) : points;
}

/**
 * The JSON text of what `safeParse` returns for `text`: its data (null on a failure) and its
 * interventions. Parsing it with `JSON.parse` builds the same objects natively, so how that
 * time grows with size is the heap's growth for them (past about 256 KB they outlive young
 * collections and are copied and promoted), which no parser returning them can go under.
 */
function resultText(text: string): string {
  const result = safeParse(text, permissive);
  return JSON.stringify([result.success ? result.data : null, result.interventions]);
}

export const adversarialSuite: Suite = {
  name: 'adversarial',
  description: 'Adversarial families (generic <T> tags, colon and dash chains, one tab, duplicate keys, envelopes) at growing sizes (full: 64 KB to 4 MB, quick: 16 to 256 KB): growth exponent and worst MB/s',
  async run(ctx, rec) {
    const sizes = adversarialSizes(ctx.mode);
    let worstExponent: number | null = null;
    let worstMbps: number | null = null;
    let worstExcess: number | null = null;
    for (const family of ADVERSARIAL_FAMILIES) {
      ctx.log(`adversarial: ${family.id}`);
      // Warm: at 64 KB two passes left some families' first size at half their later speed.
      timePasses(family.make(sizes[0]!), 1);
      const points: GrowthPoint[] = [];
      const floorPoints: GrowthPoint[] = [];
      let familyWorst = Number.POSITIVE_INFINITY;
      for (const size of sizes) {
        const text = family.make(size);
        const bytes = Buffer.byteLength(text);
        const ms = timePasses(text, 3);
        const row = rec.timed(`${family.id} ${formatSize(size)}`, 'Airlock safeParse', ms, bytes, family.label);
        points.push({ size: bytes, time: ms });
        familyWorst = Math.min(familyWorst, row.mbPerSec);
        floorPoints.push({ size: bytes, time: timePasses(resultText(text), 3, JSON.parse) });
      }
      // Growth is fitted above the smallest size: up to about 64 KB a family's whole value dies
      // young, past it the value outlives a scavenge and is promoted, so collections cost several
      // times more per byte (dash chains: 0.23 s of collection per 16 MB of text at 64 KB, 1.2 s
      // at 256 KB, then linear). That one step is the heap's, not an algorithm's; the smallest
      // size still counts for the worst throughput.
      const exponent = fitGrowthExponent(aboveSmallest(points));
      rec.ratio(adversarialExponent(family.id), exponent);
      // The heap's share of that growth: the same result built by `JSON.parse` from its own text.
      // Growth up to linear is the work's own; past it, what the floor shows is the heap's.
      const floor = fitGrowthExponent(aboveSmallest(floorPoints));
      rec.ratio(adversarialFloorExponent(family.id), floor);
      if (exponent !== null && floor !== null) {
        const excess = exponent - Math.max(1, floor);
        worstExcess = Math.max(worstExcess ?? excess, excess);
      }
      rec.ratio(adversarialWorstMbps(family.id), familyWorst);
      if (exponent !== null) worstExponent = Math.max(worstExponent ?? exponent, exponent);
      worstMbps = Math.min(worstMbps ?? familyWorst, familyWorst);
    }
    rec.ratio(ADVERSARIAL_WORST_EXPONENT, worstExponent);
    rec.ratio(ADVERSARIAL_WORST_MBPS, worstMbps);
    rec.ratio(ADVERSARIAL_WORST_EXCESS_EXPONENT, worstExcess);
  },
};
