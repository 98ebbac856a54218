import { describe, expect, it } from 'vitest';
import { compareResults, formatComparison } from './compare-results.js';
import { evaluateRatio } from './evaluate-ratio.js';
import type { Better, RatioResult } from './results.js';

function ratio(id: string, value: number | null, better: Better = 'higher'): RatioResult {
  return evaluateRatio({ id, label: id, unit: 'x', better }, value);
}

describe('compareResults', () => {
  it('flags a higher-is-better ratio that fell more than 20 %', () => {
    const [row] = compareResults({ ratios: [ratio('a', 4)] }, { ratios: [ratio('a', 3)] });
    expect(row).toMatchObject({ id: 'a', status: 'regressed', baseline: 4, current: 3 });
    expect(row!.change).toBeCloseTo(-0.25);
  });

  it('tolerates moves within 20 % either way', () => {
    const rows = compareResults({ ratios: [ratio('a', 4), ratio('b', 10, 'lower')] }, { ratios: [ratio('a', 3.3), ratio('b', 11.9, 'lower')] });
    expect(rows.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
  });

  it('flags a lower-is-better ratio that rose more than 20 % and credits one that fell', () => {
    const rows = compareResults({ ratios: [ratio('t', 16, 'lower'), ratio('u', 16, 'lower')] }, { ratios: [ratio('t', 20, 'lower'), ratio('u', 12, 'lower')] });
    expect(rows.map((r) => r.status)).toEqual(['regressed', 'improved']);
  });

  it('reports new, missing and unavailable ratios without calling them regressions', () => {
    const rows = compareResults({ ratios: [ratio('gone', 1), ratio('later', null)] }, { ratios: [ratio('later', 2), ratio('fresh', 1)] });
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['later', 'unavailable'],
      ['fresh', 'new'],
      ['gone', 'missing'],
    ]);
  });

  it('honours a custom threshold', () => {
    expect(compareResults({ ratios: [ratio('a', 4)] }, { ratios: [ratio('a', 3.5)] }, 0.1)[0]!.status).toBe('regressed');
  });

  it('names the regressions in its printout', () => {
    const text = formatComparison(compareResults({ ratios: [ratio('a', 4), ratio('b', 1)] }, { ratios: [ratio('a', 1), ratio('b', 1)] }));
    expect(text).toContain('1 ratio(s) regressed by more than 20 %: a');
    expect(formatComparison([])).toContain('No ratio regressed');
  });
});

describe('evaluateRatio', () => {
  it('judges values against their targets', () => {
    const spec = { id: 'x', label: 'x', unit: 'x' as const, better: 'higher' as const, target: { op: '>=' as const, value: 3 } };
    expect(evaluateRatio(spec, 3).pass).toBe(true);
    expect(evaluateRatio(spec, 2.9).pass).toBe(false);
    expect(evaluateRatio(spec, null).pass).toBeNull();
    expect(evaluateRatio({ ...spec, target: { op: '<=', value: 20 } }, 26).pass).toBe(false);
    expect(evaluateRatio({ ...spec, target: undefined as never }, 1).pass).toBeNull();
  });
});
