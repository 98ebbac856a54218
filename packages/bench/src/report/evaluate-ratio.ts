import type { RatioResult, RatioSpec } from './results.js';

/**
 * Builds a ratio result and judges it against its target.
 *
 * @example
 * evaluateRatio({ id: 'x', label: 'x', unit: 'x', better: 'higher', target: { op: '>=', value: 3 } }, 3.4).pass // true
 */
export function evaluateRatio(spec: RatioSpec, value: number | null, note?: string): RatioResult {
  const usable = value !== null && Number.isFinite(value);
  let pass: boolean | null = null;
  if (usable && spec.target !== undefined) {
    pass = spec.target.op === '>=' ? value >= spec.target.value : value <= spec.target.value;
  }
  const result: RatioResult = { ...spec, value: usable ? value : null, pass };
  if (note !== undefined) result.note = note;
  return result;
}
