import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { isValid, validateValue } from './validate-value.js';

describe('validateValue messages', () => {
  it('words a missing field the same whatever its type', () => {
    const schema = z.object({
      text: z.string(),
      count: z.number(),
      verdict: z.enum(['approve', 'reject']),
      kind: z.literal('x'),
      either: z.union([z.string(), z.number()]),
      tool: z.discriminatedUnion('name', [z.object({ name: z.literal('search') }), z.object({ name: z.literal('fetch') })]),
      list: z.array(z.string()),
      nested: z.object({ a: z.string() }),
    });
    const out = validateValue(schema, { tool: {} });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.issues).toEqual(
      ['text', 'count', 'verdict', 'kind', 'either', 'tool.name', 'list', 'nested'].map((path) => ({ path, message: 'Required' })),
    );
  });

  it('names the allowed values and what was received', () => {
    const schema = z.object({
      verdict: z.enum(['approve', 'reject']),
      tool: z.discriminatedUnion('name', [z.object({ name: z.literal('search') }), z.object({ name: z.literal('fetch') })]),
      count: z.number(),
    });
    const out = validateValue(schema, { verdict: 'maybe', tool: { name: 'browse' }, count: 'x' });
    expect(!out.ok && out.issues).toEqual([
      { path: 'verdict', message: "Expected 'approve' | 'reject', received 'maybe'" },
      { path: 'tool.name', message: "Expected 'search' | 'fetch', received 'browse'" },
      { path: 'count', message: "Expected number, received 'x'" },
    ]);
  });
});

describe('validation cost', () => {
  const schema = z.object({ title: z.string(), count: z.number() });

  it('parses a valid value once, without parse parameters (they take Zod 4 off its compiled fast path)', () => {
    const spy = vi.spyOn(schema, 'safeParse');
    expect(validateValue(schema, { title: 'x', count: 1 })).toEqual({ ok: true, value: { title: 'x', count: 1 } });
    expect(spy.mock.calls).toEqual([[{ title: 'x', count: 1 }]]);
    spy.mockRestore();
  });

  it('still quotes the input of an invalid value', () => {
    expect(validateValue(schema, { title: 'x', count: 'many' })).toEqual({ ok: false, issues: [{ path: 'count', message: "Expected number, received 'many'" }] });
  });

  it('isValid answers alike with one plain parse', () => {
    const spy = vi.spyOn(schema, 'safeParse');
    expect([isValid(schema, { title: 'x', count: 1 }), isValid(schema, { title: 'x' })]).toEqual([true, false]);
    expect(spy.mock.calls.every((call) => call.length === 1)).toBe(true);
    spy.mockRestore();
  });
});
