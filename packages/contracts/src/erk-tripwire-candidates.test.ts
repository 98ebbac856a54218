/**
 * The erk contract end to end: `fixtures/erk/<case>/input.txt` (model text)
 * through safeParse, against `expected.json` (outcome, data, every rule,
 * normalized flag). A successful output fed back as JSON is canonical.
 * Set UPDATE_FIXTURES=1 to write a new case's expected.json, then review it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { safeParse } from '@airlock/core';
import { erkTripwireCandidates } from './erk-tripwire-candidates.js';

const root = fileURLToPath(new URL('./fixtures/erk/', import.meta.url));
const cases = readdirSync(root).sort();

interface Expected {
  success: boolean;
  failure?: string;
  data?: unknown;
  rules: string[];
  normalized?: boolean;
  validationErrors?: { path: string; message: string }[];
}

function observe(input: string): Expected {
  const result = safeParse(input, erkTripwireCandidates);
  const observed: Expected = { success: result.success, rules: result.interventions.map((i) => i.rule) };
  if (result.success) {
    observed.data = result.data;
    observed.normalized = result.normalized;
  } else {
    observed.failure = result.failure;
    if (result.validationErrors !== undefined) observed.validationErrors = result.validationErrors;
  }
  return observed;
}

describe('erk tripwire candidates contract', () => {
  it('has the declared root and field aliases', () => {
    expect(erkTripwireCandidates.knownKeys).toEqual(['candidates', 'tripwire_candidates']);
    expect(erkTripwireCandidates.normalization.extras).toBe('strip');
  });

  it('drops the incomplete last candidate of a truncated output, and only then', () => {
    const cut = '{"candidates":[{"action":"a","warning":"w","target_doc_path":"d"},{"action":"b","warn';
    const result = safeParse(cut, erkTripwireCandidates);
    expect(result.success && result.truncated).toBe(true);
    expect(result.success && result.data).toEqual({ candidates: [{ action: 'a', warning: 'w', target_doc_path: 'd' }] });
    expect(result.interventions.filter((i) => i.stage === 'normalize').map((i) => [i.rule, i.path])).toEqual([['truncated_entry_dropped', ['candidates', 1]]]);
    const complete = safeParse('{"candidates":[{"action":"a","warning":"w","target_doc_path":"d"},{"action":"b"}]}', erkTripwireCandidates);
    expect(complete.success).toBe(false);
  });

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(root, name, 'input.txt'), 'utf8');
    const path = join(root, name, 'expected.json');
    if (process.env['UPDATE_FIXTURES'] === '1' && !existsSync(path)) writeFileSync(path, `${JSON.stringify(observe(input), null, 2)}\n`);
    const expected = JSON.parse(readFileSync(path, 'utf8')) as Expected;
    expect(observe(input)).toEqual(expected);

    if (expected.success) {
      const second = safeParse(JSON.stringify(expected.data), erkTripwireCandidates);
      expect(second.success && second.data).toEqual(expected.data);
      expect(second.interventions).toEqual([]);
      expect(second.success && second.normalized).toBe(false);
      expect(second.repairApplied).toBe(false);
    }
  });
});
