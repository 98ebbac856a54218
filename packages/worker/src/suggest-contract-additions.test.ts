import { readFileSync } from 'node:fs';
import { defineContract, safeParse, toContract, type Contract } from '@airlock/core';
import { describe, expect, it } from 'vitest';
import { sampleContract, sampleSchema } from '../../../examples/contract.js';
import { formatContractFragment } from './format-contract-fragment.js';
import { suggestContractAdditions, type SuggestRecord } from './suggest-contract-additions.js';

const contract = toContract(sampleContract, 'sample') as Contract<unknown>;

/** A clean review for record k. */
function review(k: number): { summary: string; verdict: string; issues: { file: string; severity: string; message: string }[] } {
  return { summary: `review ${k}`, verdict: k % 3 === 0 ? 'request_changes' : 'approve', issues: [{ file: `src/f${k}.ts`, severity: k % 2 === 0 ? 'minor' : 'major', message: 'm' }] };
}

/** Outputs with drift planted at known places; the rest are clean. */
function plantedOutput(k: number): string {
  const v = review(k);
  switch (k % 10) {
    case 1: return JSON.stringify({ summary: v.summary, verdict: v.verdict, findings: v.issues }); // root alias
    case 2: return JSON.stringify({ ...v, issues: v.issues.map(({ severity, ...rest }) => ({ ...rest, sev: severity })) }); // nested alias
    case 3: return JSON.stringify({ ...v, verdict: 'Approved!' }); // synonym that resembles an allowed value
    case 4: return JSON.stringify({ ...v, verdict: 'LGTM' }); // synonym that resembles none
    case 5: return JSON.stringify({ payload: v }); // undeclared wrapper
    case 6: return `<verdict_json>${JSON.stringify(v)}</verdict_json>`; // a tag (passes)
    case 7: return `\`\`\`jsonc\n${JSON.stringify(v)}\n\`\`\``; // a fence (passes)
    default: return JSON.stringify(v);
  }
}

function records(outputs: string[], c: Contract<unknown> = contract): SuggestRecord[] {
  return outputs.map((output, k) => ({ line: k + 1, result: safeParse(output, c) }));
}

function fragmentContract(fragment: string, exportName: string, value: unknown): Contract<unknown> {
  // The fragment is plain JavaScript: evaluating it is what pasting it into the contract module does.
  return new Function('defineContract', exportName, `return (\n${fragment}\n);`)(defineContract, value) as Contract<unknown>;
}

describe('suggestContractAdditions', () => {
  const outputs = Array.from({ length: 100 }, (_, k) => plantedOutput(k));

  it('finds planted aliases, synonyms, wrappers, tags and fences with counts and example lines', async () => {
    const s = await suggestContractAdditions(records(outputs), contract);
    expect(s.records).toBe(100);
    expect(s.failed).toBe(50);
    expect(s.aliases.map((a) => [a.field, a.alias, a.count])).toEqual([['issues', 'findings', 10], ['issues[].severity', 'sev', 10]]);
    expect(s.aliases[0]!.lines).toEqual([2, 12, 22, 32, 42]);
    const synonyms = Object.fromEntries(s.synonyms.map((f) => [String(f.value), [f.field, f.canonical, f.guessed, f.count]]));
    expect(synonyms).toEqual({ 'Approved!': ['verdict', 'approve', false, 10], LGTM: ['verdict', 'approve', true, 10] });
    expect(s.wrappers.map((w) => [w.key, w.count])).toEqual([['payload', 10]]);
    expect(s.tags.map((t) => [t.key, t.count])).toEqual([['verdict_json', 10]]);
    expect(s.fences.map((t) => [t.key, t.count])).toEqual([['jsonc', 10]]);
    expect(s.check).toEqual({ checked: 50, wouldPass: 50 });
  });

  it('prints a fragment that, evaluated as the contract, turns the planted failures into passes', async () => {
    const s = await suggestContractAdditions(records(outputs), contract);
    const fragment = formatContractFragment(s, { exportName: 'sampleContract', isContract: false });
    expect(fragment).toContain("\"sev\" stood where \"issues[].severity\" was missing: 10 records (lines 3, 13, 23, 33, 43, …)");
    const fixed = fragmentContract(fragment, 'sampleContract', sampleContract);
    const after = records(outputs, fixed);
    expect(after.filter((r) => !r.result.success).map((r) => r.line)).toEqual([]);
  });

  it('extends an Airlock contract without losing its own normalization', async () => {
    const own = defineContract({ name: 'sample', schema: sampleSchema, synonyms: { verdict: { map: { request_changes: ['needs work'] } } }, tags: ['REVIEW'] }) as Contract<unknown>;
    const s = await suggestContractAdditions(records([...outputs, JSON.stringify({ ...review(1), verdict: 'needs work' })], own), own);
    const fixed = fragmentContract(formatContractFragment(s, { exportName: 'own', isContract: true }), 'own', own);
    expect(fixed.normalization.synonyms?.['verdict']?.map).toEqual({ request_changes: ['needs work'], approve: ['Approved!', 'LGTM'] });
    expect(fixed.tags).toEqual(['REVIEW', 'verdict_json']);
  });

  it('proposes nothing for a clean log', async () => {
    const clean = Array.from({ length: 60 }, (_, k) => JSON.stringify(review(k)));
    const s = await suggestContractAdditions(records(clean), contract);
    expect([s.failed, s.aliases, s.synonyms, s.wrappers, s.tags, s.additions]).toEqual([0, [], [], [], [], {}]);
    expect(formatContractFragment(s, { exportName: 'sampleContract', isContract: false })).toContain('Nothing to propose');
  });

  it('on the sample log, proposes the synonym that makes its wrong-enum records pass', async () => {
    const log = readFileSync(new URL('../../../examples/sample-run-log.jsonl', import.meta.url), 'utf8').split('\n').filter((l) => l !== '');
    const entries = log.map((l) => JSON.parse(l) as { shape: string; output: string });
    const s = await suggestContractAdditions(records(entries.map((e) => e.output)), contract);
    expect(s.synonyms.map((f) => [f.field, f.value])).toEqual([['verdict', 'looks good']]);
    const fixed = fragmentContract(formatContractFragment(s, { exportName: 'sampleContract', isContract: false }), 'sampleContract', sampleContract);
    const planted = entries.filter((e) => e.shape === 'wrong_enum');
    expect(planted.length).toBeGreaterThan(0);
    for (const e of planted) {
      expect(safeParse(e.output, contract).success).toBe(false);
      expect(safeParse(e.output, fixed).success).toBe(true);
    }
  });
});
