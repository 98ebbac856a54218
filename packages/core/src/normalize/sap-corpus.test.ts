/**
 * A held-out-style corpus of schema-aligned parsing cases, written in the spirit of
 * BAML's jsonish tests: each folder of `sap-corpus/` holds the model's text
 * (`input.txt`, byte-exact) and `expected.json` naming a contract (see
 * test-support/corpus-contracts.ts) with either the value a careful reader takes
 * from the text or `"refuse": true` where the right answer is a refusal. The
 * expected values were written from the text and the schema, not from Airlock's
 * output. The suite reports the pass rate, requires at least 85 % of it, and
 * never a value on a refusal case (zero invented values). Cases that fail today
 * are listed in KNOWN_MISSES with the reason, so a fix shows up as a test to update.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnySchema, Contract } from '../contract/contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { CORPUS_CONTRACTS, type CorpusContractName } from './test-support/corpus-contracts.js';

interface Expected {
  contract: CorpusContractName;
  value?: unknown;
  refuse?: true;
}

/** Cases Airlock misses today, each with why (kept, not deleted, so the rate stays honest). */
const KNOWN_MISSES: Readonly<Record<string, string>> = {
  'list-single-string':
    'Prose is never read as a list: `hello` for z.array(z.string()) is refused (no_candidate). A peer wraps the text as one item; '
    + 'Airlock keeps prose out of structured roots so that "I could not do it" never becomes a list item.',
};

const root = fileURLToPath(new URL('./sap-corpus/', import.meta.url));
const cases = readdirSync(root)
  .sort()
  .map((name) => ({
    name,
    input: readFileSync(join(root, name, 'input.txt'), 'utf8'),
    expected: JSON.parse(readFileSync(join(root, name, 'expected.json'), 'utf8')) as Expected,
  }));

function passes(input: string, expected: Expected): { pass: boolean; invented: boolean; got: string } {
  const result = safeParse(input, CORPUS_CONTRACTS[expected.contract] as Contract<unknown> | AnySchema<unknown>);
  const got = result.success ? JSON.stringify(result.data) : `failure ${result.failure}`;
  if (expected.refuse === true) return { pass: !result.success, invented: result.success, got };
  return { pass: result.success && isDeepStrictEqual(result.data, expected.value), invented: false, got };
}

describe('schema-aligned parsing corpus', () => {
  it('has 60+ cases, refusals among them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter((c) => c.expected.refuse === true).length).toBeGreaterThanOrEqual(10);
  });

  it('passes at least 85 % and invents no value where the answer is a refusal', () => {
    const outcomes = cases.map((c) => ({ name: c.name, ...passes(c.input, c.expected) }));
    const passed = outcomes.filter((o) => o.pass).length;
    const rate = passed / outcomes.length;
    console.log(`schema-aligned corpus: ${passed}/${outcomes.length} passed (${(rate * 100).toFixed(1)} %)`);
    for (const o of outcomes.filter((x) => !x.pass)) console.log(`  miss ${o.name}: got ${o.got}`);
    expect(outcomes.filter((o) => o.invented).map((o) => o.name)).toEqual([]);
    expect(rate).toBeGreaterThanOrEqual(0.85);
    // The known misses are exactly the failing cases: a fix (or a regression) updates the list.
    expect(outcomes.filter((o) => !o.pass).map((o) => o.name).sort()).toEqual(Object.keys(KNOWN_MISSES).sort());
  });
});
