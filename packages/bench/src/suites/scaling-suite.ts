/**
 * Scaling: one defective document (a trailing comma in every object and
 * array) at three sizes, 16× apart end to end, for Airlock and jsonrepair; the
 * fitted growth exponent (1.0 = linear) and the largest/smallest time ratio
 * (16 = linear). Airlock's sizes are one measure group, compared round by round.
 */
import { safeParse } from '@airlock/core';
import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { formatSize } from '../generate/parse-size.js';
import { trailingCommaDocument } from '../generate/trailing-comma-document.js';
import { fitGrowthExponent, type GrowthPoint } from '../measure/growth-exponent.js';
import { SCALING_AIRLOCK_16X } from '../report/targets.js';
import { median } from '../measure/median.js';
import type { Measurement } from '../measure/measure-task.js';
import type { Suite } from './suite.js';
import { pairedTimeRatio } from './suite-recorder.js';

const permissive = z.unknown();

/** Full mode: 64 KB, 256 KB, 1 MB. Quick mode keeps the 16× span at a quarter of the size. */
export function scalingSizes(mode: 'quick' | 'full'): number[] {
  const base = mode === 'quick' ? 16 * 1024 : 64 * 1024;
  return [base, base * 4, base * 16];
}

/**
 * Airlock's growth over `points` measured in one group: the exponent fitted to each round's
 * times (then the median), so a round the machine slowed down slows every size alike.
 */
function pairedExponent(points: readonly { size: number; m: Measurement }[]): number | null {
  const rounds = points[0]?.m.rounds?.ms.length ?? 0;
  if (rounds < 2 || points.some((p) => p.m.rounds?.ms.length !== rounds)) return fitGrowthExponent(points.map((p) => ({ size: p.size, time: p.m.medianMs })));
  const fits: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const fit = fitGrowthExponent(points.map((p) => ({ size: p.size, time: p.m.rounds!.ms[k]! })));
    if (fit !== null) fits.push(fit);
  }
  return fits.length === 0 ? null : median(fits);
}

export const scalingSuite: Suite = {
  name: 'scaling',
  description: 'Trailing commas everywhere at 64 KB, 256 KB, 1 MB: growth exponent and 16× time ratio',
  async run(ctx, rec) {
    const sizes = scalingSizes(ctx.mode);
    const docs = sizes.map((size) => {
      const doc = trailingCommaDocument(size, ctx.seed);
      return { label: formatSize(size), doc, bytes: Buffer.byteLength(doc) };
    });
    const accepted = docs.filter(({ doc }) => safeParse(doc, permissive).success).length;
    // Airlock's sizes take turns round by round: its ratio and exponent compare rounds, not
    // medians taken minutes apart (they read 8–32 for the same code on a busy machine).
    const airlock = await rec.measureGroup(
      'trailing commas',
      docs.map(({ label, doc, bytes }) => ({ subject: 'Airlock safeParse', case: label, bytes, fn: () => safeParse(doc, permissive) })),
      docs[0]!.bytes,
    );
    const peer: GrowthPoint[] = [];
    for (const { label, doc, bytes } of docs) {
      const m = await rec.measure(label, 'jsonrepair + JSON.parse', () => JSON.parse(jsonrepair(doc)), bytes, { optional: true });
      if (m !== null) peer.push({ size: bytes, time: m.medianMs });
    }
    const span = `${formatSize(sizes[2]!)} / ${formatSize(sizes[0]!)}`;
    const caveat = accepted < sizes.length ? `Airlock accepted ${accepted}/${sizes.length} documents: this times the failure path until the repairer lands.` : undefined;
    const [small, , large] = airlock;
    const measured = airlock.every((m) => m !== null) ? airlock.map((m, i) => ({ size: docs[i]!.bytes, m: m! })) : [];
    rec.ratio({ ...SCALING_AIRLOCK_16X, label: `Trailing-comma scaling, Airlock: time ${span}` }, small && large ? pairedTimeRatio(large, small) : null, caveat);
    rec.ratio({ id: 'scaling.airlock.exponent', label: 'Trailing-comma scaling, airlock: fitted growth exponent (1.0 = linear)', unit: '', better: 'lower' }, measured.length >= 2 ? pairedExponent(measured) : null);
    rec.ratio({ id: 'scaling.jsonrepair.ratio_16x', label: `Trailing-comma scaling, jsonrepair: time ${span}`, unit: '', better: 'lower' }, peer.length === 3 ? peer[2]!.time / peer[0]!.time : null);
    rec.ratio({ id: 'scaling.jsonrepair.exponent', label: 'Trailing-comma scaling, jsonrepair: fitted growth exponent (1.0 = linear)', unit: '', better: 'lower' }, peer.length >= 2 ? fitGrowthExponent(peer) : null);
  },
};
