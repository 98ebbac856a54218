import { describe, expect, it } from 'vitest';
import { checkInput } from './fuzz-check.js';
import { fuzzInput } from './fuzz-inputs.js';
import { runFuzz } from './run-fuzz.js';

describe('fuzz harness', () => {
  it('reproduces an input from its seed and index', () => {
    expect(fuzzInput(11, 5)).toEqual(fuzzInput(11, 5));
    expect(fuzzInput(11, 5).text).not.toBe(fuzzInput(11, 6).text);
  });

  it('finds no problem in a clean result nor in a __proto__ key kept as data', () => {
    expect(checkInput('{"a": 1}', 'unknown').problems).toEqual([]);
    expect(checkInput('{"__proto__": {"polluted": 1}}', 'unknown').problems).toEqual([]);
  });

  // A seeded short run on two worker threads: no throw, no hang, no pollution, no malformed
  // result. Slowness is a timing and is judged by the full `pnpm fuzz` run, never here.
  it('finds nothing in a seeded run of 400 inputs', async () => {
    const report = await runFuzz({ n: 400, seed: 20, threads: 2, hangMs: 20_000 });
    expect(report.inputs).toBe(400);
    expect(report.offences.filter((o) => o.kind !== 'slow')).toEqual([]);
    expect(report.byFamily.random + report.byFamily.structured + report.byFamily.mutated).toBe(400);
  }, 60_000);
});
