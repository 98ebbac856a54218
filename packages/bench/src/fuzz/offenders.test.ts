/**
 * Every input a fuzz run has reported (`offenders.jsonl.gz`: seed, index, family, contract,
 * what it was found for, the verdict it gets now, and the exact text) stays a fixture:
 * it parses without a problem and to the recorded verdict. They were found slow; their
 * work is now bounded by the counted budget, and their time is judged by `pnpm fuzz`.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkInput, type FuzzContract } from './fuzz-check.js';

interface Offender {
  seed: number;
  index: number;
  family: string;
  contract: FuzzContract;
  found: string;
  verdict: string;
  text: string;
}

const offenders = gunzipSync(readFileSync(new URL('./offenders.jsonl.gz', import.meta.url)))
  .toString('utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as Offender);

describe('fuzz offenders', () => {
  it('holds every reported input', () => {
    expect(offenders.length).toBeGreaterThanOrEqual(183);
  });

  it.each(offenders.map((o) => [`${o.seed}-${o.index} (${o.family}, ${o.contract})`, o] as const))('%s parses to its verdict without a problem', (_, offender) => {
    const outcome = checkInput(offender.text, offender.contract);
    expect(outcome.problems).toEqual([]);
    expect(outcome.verdict).toBe(offender.verdict);
  });
});
