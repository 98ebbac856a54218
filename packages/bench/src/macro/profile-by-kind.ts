/**
 * Where the time goes: each pipeline's time per output kind over the first
 * records of the corpus, as shares of its total. Explains a macro ratio
 * (e.g. YAML being a small share of bytes but most of the naive time).
 */
import { generateRecords } from '../generate/generate-records.js';
import type { OutputKind } from '../generate/render-output.js';
import { median } from '../measure/median.js';
import { PIPELINES, type PipelineName } from './bench-pipelines.js';

export type KindProfile = Record<PipelineName, Partial<Record<OutputKind, number>>> & { bytes: Partial<Record<OutputKind, number>> };

/** Unmeasured passes first: per-kind costs of warm code, as in a long batch. */
const WARM_PASSES = 3;
/** Measured passes; each kind's figure is its median pass, so one disturbed pass does not decide it. */
const MEASURED_PASSES = 5;

/**
 * Milliseconds per kind for each pipeline over `count` records (median of several warm passes).
 *
 * @example
 * profileByKind(2000, 1).naive.yaml_artifact // ms spent on YAML artifacts in one pass
 */
export function profileByKind(count: number, seed: number): KindProfile {
  const profile: KindProfile = { airlock: {}, naive: {}, bytes: {} };
  const records: { output: string; kind: OutputKind }[] = [];
  for (const { record, kind } of generateRecords(seed)) {
    if (records.length >= count) break;
    records.push({ output: record.output, kind });
    profile.bytes[kind] = (profile.bytes[kind] ?? 0) + Buffer.byteLength(record.output);
  }
  for (let pass = 0; pass < WARM_PASSES; pass++) for (const { output } of records) for (const name of ['airlock', 'naive'] as const) PIPELINES[name](output);
  const passes = { airlock: new Map<OutputKind, number[]>(), naive: new Map<OutputKind, number[]>() };
  for (let pass = 0; pass < MEASURED_PASSES; pass++) {
    const totals = { airlock: new Map<OutputKind, number>(), naive: new Map<OutputKind, number>() };
    // Each pipeline runs the records in a pass of its own, as it does in a batch: taking turns
    // record by record made each evict the other's code and data from the caches, which cost the
    // larger pipeline about a third more per record. The pipelines take turns pass by pass,
    // the first one alternating, so both meet the same machine load.
    const order = pass % 2 === 0 ? (['airlock', 'naive'] as const) : (['naive', 'airlock'] as const);
    for (const name of order) {
      for (const { output, kind } of records) {
        const started = performance.now();
        PIPELINES[name](output);
        totals[name].set(kind, (totals[name].get(kind) ?? 0) + performance.now() - started);
      }
    }
    for (const name of ['airlock', 'naive'] as const) for (const [kind, ms] of totals[name]) passes[name].set(kind, [...(passes[name].get(kind) ?? []), ms]);
  }
  for (const name of ['airlock', 'naive'] as const) for (const [kind, list] of passes[name]) profile[name][kind] = median(list);
  return profile;
}

/** One line per kind: share of bytes, share of each pipeline's time. */
export function formatKindProfile(profile: KindProfile): string[] {
  const total = (m: Partial<Record<string, number>>): number => Object.values(m).reduce<number>((a, b) => a + (b ?? 0), 0);
  const pct = (part: number | undefined, whole: number): string => `${(((part ?? 0) / whole) * 100).toFixed(1)} %`;
  const bytes = total(profile.bytes);
  const airlock = total(profile.airlock);
  const naive = total(profile.naive);
  return Object.keys(profile.bytes)
    .sort()
    .map((kind) => {
      const k = kind as OutputKind;
      return `${kind}: ${pct(profile.bytes[k], bytes)} of bytes, ${pct(profile.airlock[k], airlock)} of Airlock time, ${pct(profile.naive[k], naive)} of naive time`;
    });
}
