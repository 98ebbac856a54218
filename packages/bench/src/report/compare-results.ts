/**
 * Compares the ratios of a run with a baseline run. A ratio regressed when it
 * moved the wrong way by more than the threshold (20 % by default): a
 * higher-is-better ratio below 80 % of its baseline, a lower-is-better one
 * above 120 %.
 */
import { formatRatioValue } from './format-ratio-value.js';
import type { Better, RatioResult } from './results.js';

export type ComparisonStatus = 'regressed' | 'improved' | 'unchanged' | 'new' | 'missing' | 'unavailable';

export interface Comparison {
  id: string;
  label: string;
  unit: RatioResult['unit'];
  better: Better;
  baseline: number | null;
  current: number | null;
  /** current / baseline − 1, or null when either side is missing or the baseline is 0. */
  change: number | null;
  status: ComparisonStatus;
}

function judge(better: Better, baseline: number, current: number, threshold: number): ComparisonStatus {
  const worse = better === 'higher' ? current < baseline * (1 - threshold) : current > baseline * (1 + threshold);
  if (worse) return 'regressed';
  const improved = better === 'higher' ? current > baseline * (1 + threshold) : current < baseline * (1 - threshold);
  return improved ? 'improved' : 'unchanged';
}

/**
 * Matches ratios by id and judges each.
 *
 * @example
 * compareResults({ ratios: [r('a', 4)] }, { ratios: [r('a', 3)] })[0].status // 'regressed' (higher is better, −25 %)
 */
export function compareResults(
  baseline: { ratios: readonly RatioResult[] },
  current: { ratios: readonly RatioResult[] },
  threshold = 0.2,
): Comparison[] {
  const before = new Map(baseline.ratios.map((r) => [r.id, r]));
  const out: Comparison[] = [];
  for (const now of current.ratios) {
    const base = before.get(now.id);
    before.delete(now.id);
    const row: Comparison = {
      id: now.id,
      label: now.label,
      unit: now.unit,
      better: now.better,
      baseline: base?.value ?? null,
      current: now.value,
      change: null,
      status: 'new',
    };
    if (base !== undefined) {
      if (base.value === null || now.value === null) row.status = 'unavailable';
      else {
        row.change = base.value === 0 ? null : now.value / base.value - 1;
        row.status = judge(now.better, base.value, now.value, threshold);
      }
    }
    out.push(row);
  }
  for (const base of before.values()) {
    out.push({ id: base.id, label: base.label, unit: base.unit, better: base.better, baseline: base.value, current: null, change: null, status: 'missing' });
  }
  return out;
}

/**
 * Plain-text report of a comparison: a table, then the regressions named.
 *
 * @example
 * console.log(formatComparison(compareResults(baseline, latest)));
 */
export function formatComparison(rows: readonly Comparison[], threshold = 0.2): string {
  const lines = rows.map((r) => {
    const change = r.change === null ? '' : `${r.change >= 0 ? '+' : ''}${(r.change * 100).toFixed(1)} %`;
    const arrow = r.better === 'higher' ? '↑' : '↓';
    return [r.status.toUpperCase().padEnd(11), r.id.padEnd(42), formatRatioValue(r.unit, r.baseline).padStart(10), '→', formatRatioValue(r.unit, r.current).padStart(10), change.padStart(9), ` (${arrow} better) ${r.label}`].join(' ');
  });
  const regressed = rows.filter((r) => r.status === 'regressed');
  const summary =
    regressed.length === 0
      ? `No ratio regressed by more than ${threshold * 100} % against the baseline.`
      : `${regressed.length} ratio(s) regressed by more than ${threshold * 100} %: ${regressed.map((r) => r.id).join(', ')}`;
  return [...lines, '', summary].join('\n');
}
