/**
 * Per-stage fixtures: `fixtures/<stage>/<case>/input.txt` (a parsed model
 * output as JSON text) and `expected.json` (contract, options, normalized
 * value, rule codes, whether it then validates, refusal issues).
 * Set UPDATE_FIXTURES=1 to fill in a new case's expected.json, then review it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../types.js';
import { validateValue } from '../validate/validate-value.js';
import { normalizeValue, type NormalizeOptions } from './normalize-value.js';
import { fixtureContract, type NormalizeFixtureContract } from './test-support/fixture-contracts.js';

const root = fileURLToPath(new URL('./fixtures/', import.meta.url));
const cases = readdirSync(root)
  .sort()
  .flatMap((stage) => readdirSync(join(root, stage)).sort().map((name) => `${stage}/${name}`));

interface Expected {
  contract: NormalizeFixtureContract;
  options?: NormalizeOptions;
  rules?: string[];
  value?: unknown;
  valid?: boolean;
  refused?: ValidationIssue[];
}

function observe(input: string, spec: Expected): Expected {
  const contract = fixtureContract(spec.contract);
  const outcome = normalizeValue(JSON.parse(input), contract, spec.options ?? {});
  const observed: Expected = { contract: spec.contract, ...(spec.options !== undefined ? { options: spec.options } : {}), rules: outcome.interventions.map((i) => i.rule) };
  if (outcome.failure !== undefined) observed.refused = outcome.failure.issues;
  else {
    observed.value = outcome.value;
    observed.valid = validateValue(contract.schema, outcome.value).ok;
  }
  return observed;
}

describe('normalization fixtures', () => {
  it('covers every stage with at least two cases', () => {
    const stages = new Map<string, number>();
    for (const c of cases) stages.set(c.split('/')[0]!, (stages.get(c.split('/')[0]!) ?? 0) + 1);
    expect(stages.size).toBe(10);
    for (const count of stages.values()) expect(count).toBeGreaterThanOrEqual(2);
  });

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(root, name, 'input.txt'), 'utf8');
    const path = join(root, name, 'expected.json');
    let expected = JSON.parse(readFileSync(path, 'utf8')) as Expected;
    if (process.env['UPDATE_FIXTURES'] === '1' && expected.rules === undefined && existsSync(path)) {
      expected = observe(input, expected);
      writeFileSync(path, `${JSON.stringify(expected, null, 2)}\n`);
    }
    expect(observe(input, expected)).toEqual(expected);

    const contract = fixtureContract(expected.contract);
    const outcome = normalizeValue(JSON.parse(input), contract, expected.options ?? {});
    for (const i of outcome.interventions) {
      expect(i.stage).toBe('normalize');
      expect(i.path).toBeDefined();
    }
    // Idempotence: the normalized value is canonical.
    if (outcome.failure === undefined) {
      const again = normalizeValue(outcome.value, contract, { ...(expected.options?.context !== undefined ? { context: expected.options.context } : {}) });
      expect(again.interventions).toEqual([]);
      expect(again.value).toBe(outcome.value);
    }
  });
});
