import { describe, expect, it } from 'vitest';
import { emptyCounts } from './batch-counts.js';
import { formatStatsTable } from './format-stats-table.js';
import type { BatchStats } from './types.js';

function stats(extra: Partial<BatchStats> = {}): BatchStats {
  return {
    ...emptyCounts(),
    records: 1000, validUntouched: 700, validRepaired: 200, failed: 100,
    failures: { schema: 60, syntax: 40 },
    rules: { trailing_comma: 150, fence_extracted: 150, key_aliased: 20 },
    agents: { planner: { records: 600, validUntouched: 500, validRepaired: 50, failed: 50, failures: {} }, coder: { records: 400, validUntouched: 200, validRepaired: 150, failed: 50, failures: {} } },
    complete: true, resumedFrom: 0, threads: 2, elapsedMs: 1500, recordsPerSecond: 667, mbPerSecond: 0.42,
    ...extra,
  };
}

describe('formatStatsTable', () => {
  it('prints outcomes with shares, failure classes, top rules, agents and throughput', () => {
    const text = formatStatsTable(stats(), { topRules: 2 });
    expect(text).toMatch(/^records\s+1,000$/m);
    expect(text).toMatch(/^ {2}valid, untouched\s+700\s+70\.0%$/m);
    expect(text).toMatch(/^ {2}valid after repair\s+200\s+20\.0%$/m);
    expect(text).toMatch(/^ {4}schema\s+60\s+6\.0%$/m);
    // Ties are broken by name, so the order is stable.
    expect(text.indexOf('fence_extracted')).toBeLessThan(text.indexOf('trailing_comma'));
    expect(text).toContain('… 1 more rules');
    expect(text).toMatch(/^ {2}planner\s+600\s+500\s+50\s+50$/m);
    expect(text).toContain('throughput: 667 records/s, 0.42 MB/s (2 threads, 1.5 s)');
    expect(text).not.toContain('interrupted');
  });

  it('lists every rule by default, truncated successes and one example per failure class', () => {
    const rules = Object.fromEntries(Array.from({ length: 15 }, (_, k) => [`rule_${String(k).padStart(2, '0')}`, 15 - k]));
    const text = formatStatsTable(stats({
      rules,
      truncated: 7,
      examples: {
        schema: { line: 48, id: 't48', error: 'priority: Expected number, received string' },
        bad_record: { line: 5, file: 'b.jsonl.gz', id: null, error: 'line 5: field "output" is missing' },
      },
    }));
    for (const rule of Object.keys(rules)) expect(text).toMatch(new RegExp(`^ {2}${rule}\\s+\\d+$`, 'm'));
    expect(text).not.toContain('more rules');
    expect(text).toMatch(/^ {4}output truncated\s+7\s+0\.7%$/m);
    expect(text).toContain('one example per failure class\n  bad_record          b.jsonl.gz line 5: field "output" is missing\n  schema              line 48 (id t48): priority: Expected number, received string');
  });

  it('shows salvaged partial values under the truncated failures, and nothing when there are none', () => {
    const text = formatStatsTable(stats({ failed: 100, failures: { schema: 60, truncated: 40 }, salvaged: 25 }));
    expect(text).toMatch(/^ {4}truncated\s+40\s+4\.0%\n {6}partial value salvaged\s+25\s+2\.5%$/m);
    expect(formatStatsTable(stats({ failures: { schema: 60, truncated: 40 } }))).not.toContain('salvaged');
  });

  it('says when a run was interrupted or resumed', () => {
    const text = formatStatsTable(stats({ complete: false, resumedFrom: 256, threads: 0 }));
    expect(text).toContain('(inline, 1.5 s, resumed after 256 records)');
    expect(text).toContain('rerun with --resume');
  });
});
