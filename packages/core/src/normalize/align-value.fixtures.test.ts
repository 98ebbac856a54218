/**
 * Schema-aligned parsing fixtures, end to end through safeParse:
 * `aligned-fixtures/<rule>/<case>/input.txt` (byte-exact model text) and
 * `expected.json` (contract, success, value or failure, rule codes). Every
 * alignment code has a folder; every ambiguity has a refusal case (`refuse-*`).
 * `artifacts/` holds outputs with several valid artifacts (`options.pick`, `otherValidCandidates`).
 * Set UPDATE_FIXTURES=1 to fill in a new case's expected.json (`contract` and `options` given), then review it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnySchema, Contract } from '../contract/contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import type { SafeParseOptions } from '../stage-types.js';
import { ALIGN_CODES } from './align-codes.js';
import { ALIGNED_CONTRACTS, type AlignedContractName } from './test-support/aligned-contracts.js';

const root = fileURLToPath(new URL('./aligned-fixtures/', import.meta.url));
const cases = readdirSync(root)
  .sort()
  .flatMap((group) => readdirSync(join(root, group)).sort().map((name) => `${group}/${name}`));

interface Expected {
  contract: AlignedContractName;
  options?: Pick<SafeParseOptions, 'pick'>;
  success?: boolean;
  value?: unknown;
  failure?: string;
  rules?: string[];
  otherValidCandidates?: number;
}

function contractOf(name: AlignedContractName): Contract<unknown> | AnySchema<unknown> {
  return ALIGNED_CONTRACTS[name] as Contract<unknown> | AnySchema<unknown>;
}

function observe(input: string, spec: Expected): Expected {
  const result = safeParse(input, contractOf(spec.contract), spec.options ?? {});
  const observed: Expected = { contract: spec.contract, ...(spec.options !== undefined ? { options: spec.options } : {}), success: result.success };
  if (result.success) observed.value = result.data;
  else observed.failure = result.failure;
  observed.rules = result.interventions.map((i) => i.rule);
  if (result.success && result.otherValidCandidates !== undefined) observed.otherValidCandidates = result.otherValidCandidates;
  return observed;
}

describe('schema-aligned fixtures', () => {
  it('has a folder of cases for every alignment code', () => {
    const groups = new Set(cases.map((c) => c.split('/')[0]!));
    for (const code of ALIGN_CODES) expect(groups.has(code), code).toBe(true);
  });

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(root, name, 'input.txt'), 'utf8');
    const path = join(root, name, 'expected.json');
    let expected = JSON.parse(readFileSync(path, 'utf8')) as Expected;
    if (process.env['UPDATE_FIXTURES'] === '1' && expected.rules === undefined) {
      expected = observe(input, expected);
      writeFileSync(path, `${JSON.stringify(expected, null, 2)}\n`);
    }
    expect(observe(input, expected)).toEqual(expected);
    // A refusal invents nothing: no value, and the failure says why.
    if (name.split('/')[1]!.startsWith('refuse-')) expect(expected.success).toBe(false);
    const result = safeParse(input, contractOf(expected.contract), expected.options ?? {});
    for (const i of result.interventions) {
      if (i.span !== undefined && i.before !== undefined) expect(input.slice(i.span[0], i.span[1])).toBe(i.before);
    }
    // Idempotence: the data, written as JSON, comes back as it is with no intervention.
    if (result.success) {
      const again = safeParse(JSON.stringify(result.data), contractOf(expected.contract));
      expect(again.success && again.data).toEqual(result.data);
      expect(again.interventions).toEqual([]);
    }
  });
});
