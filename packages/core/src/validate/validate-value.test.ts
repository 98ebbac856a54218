import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { validateValue } from './validate-value.js';

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
