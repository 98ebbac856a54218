/**
 * Contract checks, generic wrappers, loose key matching, lenient string lists
 * and runtime YAML hints, through safeParse on real text.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from './define-contract.js';
import { safeParse } from '../pipeline/safe-parse.js';

const scorecard = defineContract({
  name: 'scorecard',
  schema: z.object({ drafts: z.record(z.string(), z.number().int()), total: z.number().int().optional() }),
  checks: [
    {
      name: 'draft labels',
      needs: ['draft_labels'],
      run: (value, context) => {
        const labels = context['draft_labels'] as string[];
        return { issues: Object.keys(value.drafts).filter((l) => !labels.includes(l)).map((l) => `Unknown scorecard for ${l}`) };
      },
    },
    {
      name: 'total',
      run: (value) => {
        const total = Object.values(value.drafts).reduce((a, b) => a + b, 0);
        return value.total === total ? {} : { value: { ...value, total }, notes: [{ rule: 'check_recomputed', message: `Recomputed total: ${total}.`, path: ['total'] }] };
      },
    },
  ],
});

describe('contract checks', () => {
  const context = { draft_labels: ['Draft 1', 'Draft 2'] };

  it('pass a value that holds, with no intervention', () => {
    const result = safeParse('{"drafts": {"Draft 1": 12}, "total": 12}', scorecard, { context });
    expect(result.success && result.interventions).toEqual([]);
  });

  it('refuse with the check’s issue', () => {
    const result = safeParse('{"drafts": {"Draft 3": 12}}', scorecard, { context });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.validationErrors).toEqual([{ path: '(root)', message: 'Unknown scorecard for Draft 3' }]);
  });

  it('refuse naming the context key a check needs', () => {
    const result = safeParse('{"drafts": {"Draft 1": 12}}', scorecard);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.validationErrors?.[0]?.message).toContain('context.draft_labels');
  });

  it('record a change as a semantic_validation intervention', () => {
    const result = safeParse('{"drafts": {"Draft 1": 12, "Draft 2": 3}}', scorecard, { context });
    expect(result.success && result.data.total).toBe(15);
    expect(result.interventions.map((i) => [i.rule, i.stage, i.category])).toEqual([['check_recomputed', 'semantic_validation', 'cleanup']]);
    expect(result.repairApplied).toBe(true);
  });

  it('add a check’s change after the repairs, once, on a repaired text too', () => {
    const text = "{'drafts': {'Draft 1': 12, 'Draft 2': 3},}";
    const first = safeParse(text, scorecard, { context });
    const again = safeParse(text, scorecard, { context });
    for (const result of [first, again]) {
      expect(result.success && result.data.total).toBe(15);
      const rules = result.interventions.map((i) => i.rule);
      expect(rules.filter((r) => r === 'check_recomputed')).toHaveLength(1);
      expect(rules.at(-1)).toBe('check_recomputed');
      expect(rules.slice(0, -1).length).toBeGreaterThan(0);
    }
    expect(again.interventions).toEqual(first.interventions);
  });

  it('turn a throwing check into a refusal', () => {
    const throwing = defineContract({ name: 't', schema: z.object({ a: z.number() }), checks: [{ name: 'boom', run: () => { throw new Error('no'); } }] });
    const result = safeParse('{"a": 1}', throwing);
    expect(!result.success && result.validationErrors?.[0]?.message).toBe('The check "boom" threw: no');
  });
});

describe('default wrappers', () => {
  const review = z.object({ verdict: z.string() });

  it('unwrap an answer wrapped for a schema with a shape', () => {
    const result = safeParse('{"result": {"verdict": "ok"}}', review);
    expect(result.success && result.data).toEqual({ verdict: 'ok' });
    expect(result.interventions.map((i) => i.rule)).toEqual(['wrapper_unwrapped']);
  });

  it('leave a root that takes any value as it came: `{"data": …}` is the data', () => {
    for (const schema of [z.unknown(), z.any(), z.unknown().optional()]) {
      const result = safeParse('{"data": [1, 2]}', schema);
      expect(result.success && result.data).toEqual({ data: [1, 2] });
      expect(result.interventions).toEqual([]);
      expect(safeParse('{"result": {"output": {"a": 1}}}', schema)).toMatchObject({ success: true, data: { result: { output: { a: 1 } } }, interventions: [] });
    }
  });

  it('still unwrap the wrappers a contract over such a root declares', () => {
    const declared = defineContract({ name: 'any', schema: z.unknown(), wrappers: ['answer'] });
    const result = safeParse('{"answer": {"a": 1}}', declared);
    expect(result.success && result.data).toEqual({ a: 1 });
    expect(safeParse('{"data": {"a": 1}}', declared)).toMatchObject({ success: true, data: { data: { a: 1 } } });
  });
});

describe('generic wrappers', () => {
  const coverage = defineContract({ name: 'coverage', schema: z.object({ status: z.string(), gaps: z.array(z.string()).default([]) }), genericWrappers: true });

  it('collapse any one-key root, recursively', () => {
    const result = safeParse('{"coverage_report": {"inner": {"status": "clean", "gaps": []}}}', coverage);
    expect(result.success && result.data).toEqual({ status: 'clean', gaps: [] });
    expect(result.interventions.map((i) => i.rule)).toEqual(['wrapper_unwrapped']);
  });

  it('refuse a one-key root that wraps a scalar', () => {
    const result = safeParse('{"status": "clean"}', coverage);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.validationErrors?.[0]?.message).toContain('wraps no object');
  });
});

describe('loose key matching', () => {
  const bead = z.object({ prdRefs: z.array(z.string()), title: z.string() });

  it('reads a spelling of a key as that key without a record', () => {
    const contract = defineContract({ name: 'bead', schema: bead, keyMatching: 'loose' });
    const result = safeParse('{"prd_refs": ["US-1"], "Title": "x"}', contract);
    expect(result.success && result.data).toEqual({ prdRefs: ['US-1'], title: 'x' });
    expect(result.interventions).toEqual([]);
  });

  it('lets the first of two spellings win, recording the drop', () => {
    const contract = defineContract({ name: 'bead', schema: bead, keyMatching: 'loose' });
    const result = safeParse('{"prd_refs": ["US-1"], "PRD-Refs": ["US-2"], "title": "x"}', contract);
    expect(result.success && result.data.prdRefs).toEqual(['US-1']);
    expect(result.interventions.map((i) => i.rule)).toEqual(['alias_dropped']);
  });

  it('records the rename and refuses differing duplicates without the option', () => {
    const contract = defineContract({ name: 'bead', schema: bead });
    expect(safeParse('{"prd_refs": ["US-1"], "title": "x"}', contract).interventions.map((i) => i.rule)).toEqual(['key_aliased']);
    expect(safeParse('{"prd_refs": ["US-1"], "PRD-Refs": ["US-2"], "title": "x"}', contract).success).toBe(false);
  });
});

describe('lenient string lists', () => {
  const contract = defineContract({ name: 'tests', schema: z.object({ tests: z.array(z.string()).min(1) }), strings: { tests: { list: true } } });

  it('split a bulleted block into items', () => {
    const result = safeParse('{"tests": "- renders the form\\n2) saves it\\n\\n* shows errors"}', contract);
    expect(result.success && result.data.tests).toEqual(['renders the form', 'saves it', 'shows errors']);
    expect(result.interventions.map((i) => i.rule)).toEqual(['string_list_split']);
  });

  it('trim items, drop blanks and turn scalars into text', () => {
    const result = safeParse('{"tests": [" a ", "", 3, true]}', contract);
    expect(result.success && result.data.tests).toEqual(['a', '3', 'true']);
    expect(result.interventions.map((i) => i.rule)).toEqual(['string_list_cleaned']);
  });

  it('leave a clean list alone', () => {
    expect(safeParse('{"tests": ["a", "b"]}', contract).interventions).toEqual([]);
  });
});

describe('runtime YAML hints (context.yaml)', () => {
  const any = z.record(z.string(), z.unknown());

  it('give a list its primary key for a bare item', () => {
    const text = 'beads:\n  - config-loader\n    title: Load the config\n';
    expect(safeParse(text, any).success).toBe(false);
    const result = safeParse(text, any, { context: { yaml: { listPrimaryKeys: { beads: { primaryKey: 'id' } } } } });
    expect(result.success && result.data).toEqual({ beads: [{ id: 'config-loader', title: 'Load the config' }] });
  });

  it('nest children written beside their empty parent', () => {
    const text = 'generated_by:\nwinner_model: m1\nquestions: []\n';
    const result = safeParse(text, any, { context: { yaml: { nestedChildren: { generated_by: ['winner_model'] } } } });
    expect(result.success && result.data).toEqual({ generated_by: { winner_model: 'm1' }, questions: [] });
    expect(safeParse(text, any).success && safeParse(text, any).interventions).toEqual([]);
  });

  it('ignore hints of the wrong shape', () => {
    expect(safeParse('a: 1\n', any, { context: { yaml: { nestedChildren: 'x', listPrimaryKeys: [1] } } }).success).toBe(true);
  });
});

describe('JSON Lines as a contract’s wire format', () => {
  const item = z.object({ id: z.string() });
  const lines = defineContract({ name: 'items', schema: z.array(item), jsonLines: true });
  const plain = defineContract({ name: 'items', schema: z.array(item) });

  it('reads one object per line as the list, with no intervention', () => {
    const result = safeParse('{"id": "a"}\n\n{"id": "b"}\n', lines);
    expect(result.success && result.data).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(result.interventions).toEqual([]);
  });

  it('reads one object alone as a list of one', () => {
    expect(safeParse('{"id": "a"}', lines).interventions).toEqual([]);
    expect(safeParse('{"id": "a"}', plain).interventions.map((i) => i.rule)).toEqual(['coerced_to_array']);
  });

  it('leaves a JSON array and a broken line to the usual reading', () => {
    expect(safeParse('[{"id": "a"}]', lines).interventions).toEqual([]);
    const broken = safeParse('{"id": "a"}\n{"id": "b"', lines);
    expect(broken.interventions.length).toBeGreaterThan(0);
  });
});

describe('a declared tag’s envelope', () => {
  const marker = defineContract({ name: 'marker', schema: z.object({ status: z.string() }), tags: ['BEAD_STATUS'] });

  it('around the whole text is the wire format, not a recovery', () => {
    expect(safeParse('\n<BEAD_STATUS>\nstatus: done\n</BEAD_STATUS>\n', marker).interventions).toEqual([]);
    expect(safeParse('<bead_status>{"status": "done"}</bead_status>', marker).interventions).toEqual([]);
  });

  it('with prose around it, or an undeclared tag, is recorded', () => {
    expect(safeParse('Done.\n<BEAD_STATUS>\nstatus: done\n</BEAD_STATUS>', marker).interventions.map((i) => i.rule)).toEqual(['candidate_recovered']);
    expect(safeParse('<RESULT>\nstatus: done\n</RESULT>', marker).interventions.map((i) => i.rule)).toEqual(['candidate_recovered']);
  });
});
