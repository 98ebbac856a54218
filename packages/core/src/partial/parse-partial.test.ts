import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { STRICT_PROFILE } from '../pipeline/repair-profile.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { pathState, type PartialParseResult } from './partial-result.js';

const issue = z.object({ id: z.string(), severity: z.enum(['low', 'high']), line: z.number().optional() });
const review = z.object({
  title: z.string(),
  email: z.string().email().nullable(),
  tags: z.array(z.string()).default([]),
  issues: z.array(issue),
});

function partial(text: string, contract: Parameters<typeof safeParse>[1] = review, keep?: Parameters<typeof safeParse>[2]): PartialParseResult<unknown> {
  return safeParse(text, contract, keep ?? { partial: true }) as PartialParseResult<unknown>;
}

const data = (r: PartialParseResult<unknown>): unknown => (r.success ? r.data : `refused (${r.failure}): ${r.extractionError}`);
const rules = (r: PartialParseResult<unknown>): string[] => r.interventions.map((i) => i.rule);

describe('safeParse with { partial: true }', () => {
  it('keeps a cut-off string as the part received and marks it incomplete', () => {
    const r = partial('{"title": "Fix the lo');
    expect(data(r)).toEqual({ title: 'Fix the lo', email: null, tags: [] });
    expect(r.success && r.complete).toBe(false);
    expect(r.success && r.states).toEqual({ '(root)': 'incomplete', title: 'incomplete', email: 'missing', tags: 'missing', issues: 'missing' });
    expect(rules(r)).toEqual(['partial_string_kept', 'partial_structure_open', 'partial_field_pending']);
  });

  it('never guesses an unfinished number, literal or key: they are left out and recorded', () => {
    const contract = z.object({ n: z.number(), ok: z.boolean(), rest: z.array(z.number()) });
    expect(data(partial('{"rest": [1, 2', contract))).toEqual({ rest: [1] });
    expect(data(partial('{"n": 12', contract))).toEqual({});
    expect(data(partial('{"ok": tru', contract))).toEqual({});
    expect(data(partial('{"rest": [1], "o', contract))).toEqual({ rest: [1] });
    expect(data(partial('{"rest": [1], "ok"', contract))).toEqual({ rest: [1] });
    expect(rules(partial('{"ok": tru', contract))).toContain('partial_value_dropped');
  });

  it('keeps the kinds the options name: a number as its whole prefix, a literal completed', () => {
    const keepAll = { partial: { keep: ['string', 'number', 'boolean', 'null', 'array', 'object'] as const } };
    expect(data(partial('[1, -1.25e+', z.unknown(), keepAll))).toEqual([1, -1.25]);
    expect(data(partial('[tr', z.unknown(), keepAll))).toEqual([true]);
    expect(data(partial('["a", "b', z.unknown(), { partial: { keep: ['array'] } }))).toEqual(['a']);
    expect(partial('[', z.unknown(), { partial: { keep: ['string'] } }).success).toBe(false);
  });

  it('reads a bare number at the root as the text stands', () => {
    expect(data(partial('-1.25e+4', z.unknown()))).toBe(-12500);
    expect(partial('-', z.unknown()).success).toBe(false);
  });

  it('withholds a cut-off string where the contract wants an enum or a number: the prefix is not a value yet', () => {
    const r = partial('{"title": "x", "issues": [{"id": "A", "severity": "hi');
    expect(data(r)).toEqual({ title: 'x', email: null, tags: [], issues: [{ id: 'A' }] });
    expect(rules(r)).toContain('partial_string_withheld');
    expect(r.success && r.states['issues[0].severity']).toBe('missing');
  });

  it('shows a cut-off string its checks reject only for being short yet, without failing the value', () => {
    const r = partial('{"title": "x", "email": "ann@exa');
    expect(data(r)).toEqual({ title: 'x', email: 'ann@exa', tags: [] });
    expect(r.success && r.states['email']).toBe('incomplete');
  });

  it('checks what is there: a present value of the wrong type fails the partial value', () => {
    const r = partial('{"title": "x", "issues": [{"id": "A", "severity": "medium"}, {"id": "B');
    expect(r.success).toBe(false);
    expect(!r.success && r.failure).toBe('schema');
  });

  it('validates a complete answer against the whole contract, with zero interventions when it is valid', () => {
    const text = '{"title": "x", "email": null, "tags": [], "issues": [{"id": "A", "severity": "low"}]}';
    const r = partial(text);
    expect(r.success && r.complete).toBe(true);
    expect(r.interventions).toEqual([]);
    expect(data(r)).toEqual(safeParse(text, review).success && (safeParse(text, review) as { data: unknown }).data);
    const missing = partial('{"title": "x"}');
    expect(missing.success).toBe(false);
    expect(missing.complete).toBe(true);
  });

  it('normalizes the partial value by the contract: aliases and wrappers, states following them', () => {
    const contract = defineContract({ name: 'r', schema: review, aliases: { title: ['headline'] } });
    const r = partial('{"output": {"headline": "Fix lo', contract);
    expect(data(r)).toEqual({ title: 'Fix lo', email: null, tags: [] });
    expect(r.success && r.states['title']).toBe('incomplete');
    const later = partial('{"output": {"headline": "Fix login", "tags": ["a', contract);
    expect(later.success && later.states).toEqual({ '(root)': 'incomplete', email: 'missing', issues: 'missing', tags: 'incomplete', 'tags[0]': 'incomplete' });
    expect(rules(r)).toEqual(expect.arrayContaining(['wrapper_unwrapped', 'key_aliased']));
  });

  it('shows an atomic place only once complete', () => {
    const contract = defineContract({ name: 'r', schema: review, stream: { atomic: ['issues[]', 'title'] } });
    expect(data(partial('{"title": "Fix lo', contract))).toEqual({ email: null, tags: [] });
    const r = partial('{"title": "Fix login", "issues": [{"id": "A", "severity": "low"}, {"id": "B"', contract);
    expect(data(r)).toEqual({ title: 'Fix login', email: null, tags: [], issues: [{ id: 'A', severity: 'low' }] });
    expect(rules(r)).toContain('partial_atomic_withheld');
  });

  it('shows an object only once the fields it needs to start are present', () => {
    const contract = defineContract({ name: 'r', schema: review, stream: { requiredToStart: ['issues[].id'] } });
    expect(data(partial('{"title": "x", "issues": [{"severity": "low"', contract))).toEqual({ title: 'x', email: null, tags: [], issues: [] });
    expect(data(partial('{"title": "x", "issues": [{"severity": "low", "id": "A', contract))).toEqual({ title: 'x', email: null, tags: [], issues: [{ severity: 'low', id: 'A' }] });
    const root = defineContract({ name: 'r', schema: review, stream: { requiredToStart: ['title'] } });
    const waiting = partial('{"tags": ["a"]', root);
    expect(!waiting.success && waiting.failure).toBe('truncated');
    expect(!waiting.success && waiting.extractionError).toMatch(/title/);
  });

  it('skips prose and a fence opener before the root, recording the trim', () => {
    const r = partial('Sure!\n```json\n{"title": "x"');
    expect(data(r)).toEqual({ title: 'x', email: null, tags: [] });
    expect(r.interventions[0]).toMatchObject({ rule: 'leading_prose_trimmed', span: [0, 14], before: 'Sure!\n```json\n' });
  });

  it('has no value before the root starts, and fails with where the text stops being JSON', () => {
    expect(partial('Let me think')).toMatchObject({ success: false, failure: 'truncated' });
    expect(partial('{"title": "x" "issues": []}')).toMatchObject({ success: false, failure: 'syntax' });
    expect(safeParse(42, review, { partial: true })).toMatchObject({ success: false, failure: 'empty_output' });
  });

  it('judges repairs by the profile, never the records of the stream itself', () => {
    expect(partial('{"title": "Fix lo', review, { partial: true, repair: STRICT_PROFILE }).success).toBe(true);
    expect(partial("{'title': 'Fix lo'", review, { partial: true, repair: STRICT_PROFILE })).toMatchObject({ success: false, failure: 'repair_denied' });
  });

  it('answers the state of any path', () => {
    const r = partial('{"title": "x", "issues": [{"id": "A", "severity": "low"}, {"id": "B');
    expect(pathState(r, ['issues', 0, 'id'])).toBe('complete');
    expect(pathState(r, ['issues', 1])).toBe('incomplete');
    expect(pathState(r, ['issues', 1, 'id'])).toBe('incomplete');
    expect(pathState(r, ['issues', 1, 'severity'])).toBe('missing');
    expect(pathState(r, ['issues', 2])).toBeUndefined();
  });

  it('keeps __proto__ keys as data', () => {
    const r = partial('{"__proto__": {"polluted": true}, "a": "b', z.unknown());
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(r.success && Object.keys(r.data as object)).toEqual(['__proto__', 'a']);
    expect(r.success && Object.getPrototypeOf(r.data)).toBe(Object.prototype);
  });
});
