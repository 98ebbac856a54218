import { describe, expect, it } from 'vitest';
import { repairJson } from '../repair-json.js';
import { jsonEqual, loadConformance, type ConformanceCase } from './load-conformance.js';
import skipList from './skip.json' with { type: 'json' };

const SKIP: Readonly<Record<string, string>> = skipList;
const CORPORA = ['jsonrepair.json', 'best-effort-json-parser.json'] as const;

/** A case passes when a repair gives the expected value, or a throw case fails cleanly. */
function passes(c: ConformanceCase): boolean {
  const r = repairJson(c.input, { allowNdjson: true });
  return c.kind === 'throw' ? !r.ok : r.ok && jsonEqual(r.value, c.expected);
}

const loaded = CORPORA.map((file) => ({ file, cases: loadConformance(file) }));
if (loaded.some((l) => l.cases === undefined)) {
  console.warn('[conformance] ../shared/conformance not found beside the repository: JSON repair conformance suites skipped.');
}

describe.each(loaded)('conformance $file', ({ file, cases }) => {
  const all = cases ?? [];
  const active = all.filter((c) => !Object.hasOwn(SKIP, c.id));
  const skipped = all.filter((c) => Object.hasOwn(SKIP, c.id));

  it.skipIf(cases === undefined).each(active.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = repairJson(c.input, { allowNdjson: true });
    if (c.kind === 'throw') expect(r.ok, `expected a failure, got ${JSON.stringify(r)}`).toBe(false);
    else {
      expect(r.ok, r.ok ? '' : r.error).toBe(true);
      if (r.ok) expect(jsonEqual(r.value, c.expected), `got ${JSON.stringify(r.value)}, expected ${JSON.stringify(c.expected)}`).toBe(true);
    }
  });

  it.skipIf(cases === undefined)('passes at least 95 % of its repair cases and lists every other case in skip.json', () => {
    const repairs = all.filter((c) => c.kind === 'repair');
    const passed = repairs.filter(passes).length;
    console.info(`[conformance] ${file}: ${passed}/${repairs.length} repair cases, ${all.filter((c) => c.kind === 'throw' && passes(c)).length}/${all.length - repairs.length} throw cases, ${skipped.length} skip-listed`);
    expect(passed / repairs.length).toBeGreaterThanOrEqual(0.95);
  });

  it.skipIf(cases === undefined)('has no skip-listed case that now passes (remove it from skip.json)', () => {
    expect(skipped.filter(passes).map((c) => c.id)).toEqual([]);
  });
});

describe('skip.json', () => {
  it('names only existing cases, each with a one-line reason', () => {
    const ids = new Set(loaded.flatMap((l) => (l.cases ?? []).map((c) => c.id)));
    for (const [id, reason] of Object.entries(SKIP)) {
      if (ids.size > 0) expect(ids.has(id), id).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
      expect(reason).not.toContain('\n');
    }
  });
});
