/**
 * End-to-end fixture cases: `fixtures/<case>/input.txt` (byte-exact model
 * text) and `expected.json` (contract, outcome, candidate, value, rules).
 * Set UPDATE_FIXTURES=1 to write expected.json for a new case, then review it.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { safeParse, type AnySchema } from '../index.js';
import { FIXTURE_CONTRACTS, type FixtureContractName } from './test-support/fixture-contracts.js';

const root = fileURLToPath(new URL('./fixtures/', import.meta.url));
const cases = readdirSync(root).sort();

interface Expected {
  contract: FixtureContractName;
  success: boolean;
  failure?: string;
  candidate?: { source: string; span: [number, number] };
  value?: unknown;
  rules: string[];
}

function observe(input: string, contract: FixtureContractName): Expected {
  const result = safeParse(input, FIXTURE_CONTRACTS[contract] as AnySchema<unknown>);
  const observed: Expected = { contract, success: result.success, rules: result.interventions.map((i) => i.rule) };
  if (result.success) {
    observed.candidate = { source: result.candidate.source, span: [result.candidate.span[0], result.candidate.span[1]] };
    observed.value = result.data;
  } else {
    observed.failure = result.failure;
  }
  return observed;
}

describe('safeParse fixtures', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(root, name, 'input.txt'), 'utf8');
    const expectedPath = join(root, name, 'expected.json');
    if (process.env['UPDATE_FIXTURES'] === '1' && !existsSync(expectedPath)) {
      writeFileSync(expectedPath, `${JSON.stringify(observe(input, 'review'), null, 2)}\n`);
    }
    const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected;
    const observed = observe(input, expected.contract);
    expect(observed).toEqual(expected);
    // Spans point into the original text: every span's `before` is the raw excerpt.
    const result = safeParse(input, FIXTURE_CONTRACTS[expected.contract] as AnySchema<unknown>);
    for (const i of result.interventions) {
      if (i.span !== undefined && i.before !== undefined) expect(input.slice(i.span[0], i.span[1])).toBe(i.before);
    }
  });
});
