/**
 * The ratios with a target (issue 4 and the issues that add suites). Targets
 * are goals to report against, never assertions. Informational ratios are
 * declared in their suites.
 */
import type { RatioSpec } from './results.js';

export const JSON_DEFECTIVE_VS_JSONREPAIR: RatioSpec = {
  id: 'json.defective.vs_jsonrepair',
  label: 'Defective JSON: Airlock safeParse vs jsonrepair + JSON.parse',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 3 },
};

export const JSON_CLEAN_VS_JSON_PARSE: RatioSpec = {
  id: 'json.clean.vs_json_parse',
  label: 'Clean JSON: Airlock safeParse vs JSON.parse',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 0.8 },
};

export const SCALING_AIRLOCK_16X: RatioSpec = {
  id: 'scaling.airlock.ratio_16x',
  label: 'Trailing-comma scaling, Airlock: time at 16× the size / time (1MB / 64KB)',
  unit: '',
  better: 'lower',
  target: { op: '<=', value: 20 },
};

export const YAML_CLEAN_VS_YAML_PARSE: RatioSpec = {
  id: 'yaml.clean.vs_yaml_parse',
  label: 'Clean YAML: Airlock safeParse vs yaml.parse',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 0.9 },
};

export const YAML_FAST_VS_YAML_PARSE: RatioSpec = {
  id: 'yaml.fast.vs_yaml_parse',
  label: 'Clean YAML: loadYamlFast vs yaml.parse',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 3 },
};

export const YAML_FAST_ACCEPTANCE: RatioSpec = {
  id: 'yaml.fast.acceptance',
  label: 'Share of clean corpus YAML candidates the fast loader accepts',
  unit: '%',
  better: 'higher',
  target: { op: '>=', value: 95 },
};

/** WASM vs JS scanner at one size; the target applies from 2 KB up. */
export function wasmVsJs(sizeLabel: string, withTarget: boolean): RatioSpec {
  const spec: RatioSpec = { id: `scanner.wasm_vs_js.${sizeLabel}`, label: `Scanner at ${sizeLabel}: WASM (copy included) vs JS`, unit: 'x', better: 'higher' };
  if (withTarget) spec.target = { op: '>=', value: 1.5 };
  return spec;
}

export const BATCH2_VS_NAIVE: RatioSpec = {
  id: 'macro.batch2_vs_naive',
  label: 'Whole log: runBatch 2 threads vs naive single-thread pipeline',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 4 },
};

export const BATCH2_VS_BATCH1: RatioSpec = {
  id: 'macro.batch2_vs_batch1',
  label: 'Whole log: runBatch 2 threads vs 1 thread',
  unit: 'x',
  better: 'higher',
  target: { op: '>=', value: 1.9 },
};

export const RSS_PEAK: RatioSpec = {
  id: 'rss.peak_mb',
  label: 'Peak RSS over growing logs (largest run)',
  unit: 'MB',
  better: 'lower',
  target: { op: '<=', value: 250 },
};
