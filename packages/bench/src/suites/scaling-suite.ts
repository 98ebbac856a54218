/**
 * Scaling: one defective document (a trailing comma in every object and
 * array) at three sizes, 16× apart end to end, for Airlock and jsonrepair; the
 * fitted growth exponent (1.0 = linear) and the largest/smallest time ratio
 * (16 = linear).
 */
import { safeParse } from '@airlock/core';
import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { formatSize } from '../generate/parse-size.js';
import { trailingCommaDocument } from '../generate/trailing-comma-document.js';
import { fitGrowthExponent, type GrowthPoint } from '../measure/growth-exponent.js';
import { SCALING_AIRLOCK_16X } from '../report/targets.js';
import type { Suite } from './suite.js';

const permissive = z.unknown();

/** Full mode: 64 KB, 256 KB, 1 MB. Quick mode keeps the 16× span at a quarter of the size. */
export function scalingSizes(mode: 'quick' | 'full'): number[] {
  const base = mode === 'quick' ? 16 * 1024 : 64 * 1024;
  return [base, base * 4, base * 16];
}

export const scalingSuite: Suite = {
  name: 'scaling',
  description: 'Trailing commas everywhere at 64 KB, 256 KB, 1 MB: growth exponent and 16× time ratio',
  async run(ctx, rec) {
    const sizes = scalingSizes(ctx.mode);
    const points: Record<'airlock' | 'jsonrepair', GrowthPoint[]> = { airlock: [], jsonrepair: [] };
    let accepted = 0;
    for (const size of sizes) {
      const doc = trailingCommaDocument(size, ctx.seed);
      const bytes = Buffer.byteLength(doc);
      const label = formatSize(size);
      if (safeParse(doc, permissive).success) accepted++;
      const airlock = await rec.measure(label, 'Airlock safeParse', () => safeParse(doc, permissive), bytes);
      const peer = await rec.measure(label, 'jsonrepair + JSON.parse', () => JSON.parse(jsonrepair(doc)), bytes, { optional: true });
      if (airlock !== null) points.airlock.push({ size: bytes, time: airlock.medianMs });
      if (peer !== null) points.jsonrepair.push({ size: bytes, time: peer.medianMs });
    }
    const span = `${formatSize(sizes[2]!)} / ${formatSize(sizes[0]!)}`;
    const caveat = accepted < sizes.length ? `Airlock accepted ${accepted}/${sizes.length} documents: this times the failure path until the repairer lands.` : undefined;
    for (const who of ['airlock', 'jsonrepair'] as const) {
      const p = points[who];
      const ratio = p.length === 3 ? p[2]!.time / p[0]!.time : null;
      const spec = who === 'airlock' ? { ...SCALING_AIRLOCK_16X, label: `Trailing-comma scaling, Airlock: time ${span}` } : { id: 'scaling.jsonrepair.ratio_16x', label: `Trailing-comma scaling, jsonrepair: time ${span}`, unit: '' as const, better: 'lower' as const };
      rec.ratio(spec, ratio, who === 'airlock' ? caveat : undefined);
      rec.ratio({ id: `scaling.${who}.exponent`, label: `Trailing-comma scaling, ${who}: fitted growth exponent (1.0 = linear)`, unit: '', better: 'lower' }, p.length >= 2 ? fitGrowthExponent(p) : null);
    }
  },
};
