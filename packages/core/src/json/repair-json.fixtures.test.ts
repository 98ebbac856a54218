import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits.js';
import { repairJson, type RepairJsonOptions } from './repair-json.js';

/** One folder per case: `input.txt` byte-exact, `expected.json` with a value or a failure class, and the rules. */
interface Expected {
  options?: RepairJsonOptions;
  value?: unknown;
  truncated?: boolean;
  failure?: string;
  rules: string[];
}

const root = fileURLToPath(new URL('./fixtures', import.meta.url));
const cases = readdirSync(root).sort().map((name) => ({
  name,
  input: readFileSync(join(root, name, 'input.txt'), 'utf8'),
  expected: JSON.parse(readFileSync(join(root, name, 'expected.json'), 'utf8')) as Expected,
}));

describe('repairJson fixtures', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThan(10));

  it.each(cases)('$name', ({ input, expected }) => {
    const r = repairJson(input, expected.options);
    if (expected.failure !== undefined) {
      expect(r).toMatchObject({ ok: false, failure: expected.failure });
      return;
    }
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(expected.value);
    expect(r.truncated).toBe(expected.truncated ?? false);
    expect(r.interventions.map((i) => i.rule)).toEqual(expected.rules);
    expect(applyEdits(input, r.interventions)).toBe(r.text);
  });
});
