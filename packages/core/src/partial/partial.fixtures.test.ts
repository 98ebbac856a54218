/**
 * Partial-parsing fixture cases: `fixtures/<case>/input.txt` (byte-exact prefix of a streamed
 * answer) and `expected.json` (contract, outcome, complete, value, states, rules). Each case is
 * also fed one character at a time and must end with the same result. Set UPDATE_FIXTURES=1 to
 * write expected.json for a new case, then review it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { safeParse } from '../pipeline/safe-parse.js';
import { createPartialParser } from './partial-parser.js';
import type { PartialParseResult } from './partial-result.js';
import { STREAM_CONTRACTS, type StreamContractName } from './test-support/stream-contracts.js';

const root = fileURLToPath(new URL('./fixtures/', import.meta.url));
const cases = readdirSync(root).sort();

interface Expected {
  contract: StreamContractName;
  success: boolean;
  failure?: string;
  complete: boolean;
  value?: unknown;
  states?: Record<string, string>;
  rules: string[];
}

function observe(result: PartialParseResult<unknown>, contract: StreamContractName): Expected {
  const observed: Expected = { contract, success: result.success, complete: result.complete, rules: result.interventions.map((i) => i.rule) };
  if (result.success) {
    observed.value = result.data;
    observed.states = result.states;
  } else observed.failure = result.failure;
  return observed;
}

describe('partial parsing fixtures', () => {
  it('has at least 10 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(root, name, 'input.txt'), 'utf8');
    const expectedPath = join(root, name, 'expected.json');
    if (process.env['UPDATE_FIXTURES'] === '1' && !existsSync(expectedPath)) {
      writeFileSync(expectedPath, `${JSON.stringify(observe(safeParse(input, STREAM_CONTRACTS.review, { partial: true }), 'review'), null, 2)}\n`);
    }
    const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected;
    const contract = STREAM_CONTRACTS[expected.contract];
    expect(observe(safeParse(input, contract, { partial: true }), expected.contract)).toEqual(expected);
    const parser = createPartialParser(contract);
    for (const ch of input) parser.push(ch);
    expect(observe(parser.result, expected.contract)).toEqual(expected);
    // Spans point into the original text: a `before` is the exact excerpt there.
    for (const i of parser.result.interventions) {
      if (i.span !== undefined && i.before !== undefined) expect(input.slice(i.span[0], i.span[1])).toBe(i.before);
    }
  });
});
