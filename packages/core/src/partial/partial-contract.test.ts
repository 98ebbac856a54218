import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContract, type AnySchema } from '../contract/contract.js';
import { isValid } from '../validate/validate-value.js';
import { partialContract, partialSchema } from './partial-contract.js';

const view = (schema: AnySchema<unknown>): AnySchema<unknown> => partialSchema(schema);

describe('partialSchema', () => {
  it('makes every object field optional at every depth, and keeps checking what is there', () => {
    const schema = z.object({ a: z.string().min(2), list: z.array(z.object({ id: z.string(), n: z.number() })) });
    expect(isValid(view(schema), {})).toBe(true);
    expect(isValid(view(schema), { list: [{ id: 'x' }] })).toBe(true);
    expect(isValid(view(schema), { list: [{ id: 1 }] })).toBe(false);
    expect(isValid(view(schema), { a: 'x' })).toBe(false);
  });

  it('drops object refinements and list length checks, which judge a whole not there yet', () => {
    const schema = z.object({ a: z.number(), b: z.number(), list: z.array(z.string()).min(3) }).refine((v) => v.a < v.b);
    expect(isValid(view(schema), { a: 2, list: ['x'] })).toBe(true);
    expect(isValid(schema, { a: 2, b: 1, list: ['x'] })).toBe(false);
  });

  it('keeps a discriminated union able to tell its options apart', () => {
    const schema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), y: z.number() })]);
    expect(isValid(view(schema), { kind: 'b' })).toBe(true);
    expect(isValid(view(schema), { y: 1 })).toBe(false);
  });

  it('views recursive schemas', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    expect(isValid(view(node), { children: [{ children: [{}] }] })).toBe(true);
    expect(isValid(view(node), { children: [{ name: 3 }] })).toBe(false);
  });

  it('keeps defaults, wrappers and records', () => {
    const schema = z.object({ tags: z.array(z.string()).default([]), meta: z.record(z.string(), z.object({ v: z.number() })).nullable() });
    const parsed = (view(schema) as unknown as z.ZodType).safeParse({ meta: { a: {} } });
    expect(parsed.success && parsed.data).toEqual({ tags: [], meta: { a: {} } });
  });

  it('accepts any value for a validator it cannot read, leaving it to the complete answer', () => {
    const opaque: AnySchema<unknown> = { '~standard': { version: 1, vendor: 'x', validate: () => ({ issues: [{ message: 'no' }] }) } };
    expect(isValid(view(opaque), { anything: true })).toBe(true);
  });
});

describe('partialContract', () => {
  it('keeps the contract’s normalization and is made once per contract', () => {
    const contract = toContract(z.object({ a: z.string() }));
    expect(partialContract(contract)).toBe(partialContract(contract));
    expect(partialContract(contract).normalization).toBe(contract.normalization);
  });
});
