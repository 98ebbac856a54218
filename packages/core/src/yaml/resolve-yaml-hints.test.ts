import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineContract } from '../contract/define-contract.js';
import { nestedSchemaKeys, resolveYamlHints } from './resolve-yaml-hints.js';
import { parseYamlCandidate } from './parse-yaml-candidate.js';
import { rawCandidate } from './test-support/yaml-fixtures.js';

describe('resolveYamlHints', () => {
  const contract = defineContract({
    name: 'questions',
    schema: z.object({
      status: z.string(),
      questions: z.array(z.object({ id: z.string(), phase: z.enum(['a', 'b']), answer: z.object({ free_text: z.string() }).optional() })),
      meta: z.record(z.string(), z.object({ owner: z.string() })),
    }),
  });

  it('knows the keys below the root (list items, nested objects, record values) for list item lines, apart from the root keys', () => {
    expect(nestedSchemaKeys(contract)).toEqual(['id', 'phase', 'answer', 'free_text', 'owner']);
    const hints = resolveYamlHints(contract);
    expect([...hints.itemKeys]).toEqual(['id', 'phase', 'answer', 'free_text', 'owner']);
    for (const key of ['status', 'questions', 'meta']) expect(hints.knownKeys.has(key), key).toBe(true);
    expect(hints.knownKeys.has('phase')).toBe(false);
  });

  it('knows nothing below the root of a schema it cannot read, nor without a contract', () => {
    const opaque = { schema: { '~standard': { version: 1, vendor: 'x', validate: (v: unknown) => ({ value: v }) } } };
    expect(nestedSchemaKeys(opaque as never)).toEqual([]);
    expect(resolveYamlHints(undefined).itemKeys.size).toBe(0);
  });

  it('splits on a list item line where the next key is an item key, and leaves the same words in a root value as prose', () => {
    const text = 'questions:\n  - id: Q01 phase: a\nstatus: Fix phase: two\nmeta: {}\n';
    const outcome = parseYamlCandidate(rawCandidate(text), { mode: 'repair', contract });
    expect(outcome.ok && outcome.value).toEqual({ questions: [{ id: 'Q01', phase: 'a' }], status: 'Fix phase: two', meta: {} });
    expect(outcome.interventions.map((i) => i.rule)).toEqual(['yaml_inline_keys_split', 'yaml_plain_scalar_colon_quoted']);
  });

  it('takes numbered label words from the contract and the call only, lower-cased, ignoring what is not a word', () => {
    expect(resolveYamlHints(contract).numberedLabels).toEqual([]);
    const scorecard = defineContract({ name: 'scorecard', schema: z.record(z.string(), z.unknown()), yaml: { numberedLabels: [' Draft ', ''] } });
    expect(resolveYamlHints(scorecard).numberedLabels).toEqual(['draft']);
    expect(resolveYamlHints(scorecard, { numberedLabels: ['Option', 7, 'DRAFT'] as never }).numberedLabels).toEqual(['draft', 'option']);
  });

  it('re-indents the rows under a numbered label of a word the contract names, in any spelling of the number', () => {
    const scorecard = defineContract({ name: 'scorecard', schema: z.record(z.string(), z.unknown()), yaml: { numberedLabels: ['Draft'] } });
    for (const label of ['Draft 1', 'draft1', 'DRAFT-01', 'draft_1']) {
      const outcome = parseYamlCandidate(rawCandidate(`${label}:\ncoverage: 18\n`), { mode: 'repair', contract: scorecard });
      expect(outcome.ok && outcome.value, label).toEqual({ [label]: { coverage: 18 } });
    }
    for (const label of ['Drafts 1', 'Draft one', 'Option 1']) {
      const outcome = parseYamlCandidate(rawCandidate(`${label}:\ncoverage: 18\n`), { mode: 'repair', contract: scorecard });
      expect(outcome.ok && outcome.value, label).toEqual({ [label]: null, coverage: 18 });
    }
  });
});
