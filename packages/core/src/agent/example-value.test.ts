import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnySchema, Contract } from '../contract/contract.js';
import { defineContract } from '../contract/define-contract.js';
import { FIXTURE_CONTRACTS as NORMALIZE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import { FIXTURE_CONTRACTS as PIPELINE_CONTRACTS } from '../pipeline/test-support/fixture-contracts.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { exampleValue } from './example-value.js';

const FIXTURES: Record<string, Contract | AnySchema> = { ...NORMALIZE_CONTRACTS, ...PIPELINE_CONTRACTS };

/** The property every example must have: safeParse accepts its JSON with zero interventions. */
function expectCanonical(contract: Parameters<typeof exampleValue>[0], example: unknown): void {
  expect(example).not.toBeUndefined();
  const result = safeParse(JSON.stringify(example), contract);
  expect(result.success ? result.interventions : result).toEqual([]);
  expect(result.success && result.data).toEqual(example);
}

describe('exampleValue', () => {
  it.each(Object.entries(FIXTURES))('%s: the example passes safeParse with zero interventions', (_name, contract) => {
    expectCanonical(contract, exampleValue(contract));
  });

  it('meets string formats, lengths and number bounds', () => {
    const schema = z.object({
      email: z.email(),
      url: z.url(),
      id: z.uuid(),
      at: z.iso.datetime(),
      day: z.iso.date(),
      code: z.string().length(6),
      short: z.string().max(2),
      long: z.string().min(12),
      prefixed: z.string().startsWith('PR-'),
      count: z.number().int().min(5).max(9),
      ratio: z.number().gt(0).lt(1),
      step: z.number().multipleOf(25),
      pair: z.tuple([z.string(), z.number()]),
      many: z.array(z.boolean()).min(3),
      none: z.array(z.string()).max(0),
      maybe: z.string().nullable(),
      later: z.string().optional(),
      kind: z.union([z.literal('a'), z.literal('b')]),
      byLevel: z.record(z.enum(['low', 'high']), z.number()),
    });
    const example = exampleValue(schema) as Record<string, unknown>;
    expectCanonical(schema, example);
    expect(example).toMatchObject({ ratio: 0.5, code: 'textxx', short: 'te', prefixed: 'PR-text', count: 5, step: 25, many: [true, true, true], none: [], byLevel: { low: 1, high: 1 } });
  });

  it("applies a contract's normalization until the example is canonical", () => {
    // The draft says total 1 for two items of 1; the derived rule makes it 2 before the example is returned.
    const contract = defineContract({
      name: 'order',
      schema: z.object({ total: z.number(), items: z.array(z.object({ n: z.number() })).min(2) }),
      derived: { total: { sum: 'items[].n' } },
    });
    const example = exampleValue(contract);
    expect(example).toEqual({ total: 2, items: [{ n: 1 }, { n: 1 }] });
    expectCanonical(contract, example);
  });

  it('bounds recursive schemas', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    expectCanonical(node, exampleValue(node));
  });

  it('gives undefined when no example can be generated', () => {
    expect(exampleValue(z.string().regex(/^(?=\d)\d{4}$/))).toBeUndefined();
    expect(exampleValue(z.object({ when: z.date() }))).toBeUndefined();
    const standard = { '~standard': { version: 1 as const, vendor: 'x', validate: (value: unknown) => ({ value }) } };
    expect(exampleValue(standard)).toBeUndefined();
  });

  it('property: every schema of a small Zod grammar gets a canonical example', () => {
    const leaf = fc.constantFrom<z.ZodType>(
      z.string(),
      z.string().min(3),
      z.number(),
      z.number().int().min(-5).max(-1),
      z.boolean(),
      z.null(),
      z.enum(['x', 'y']),
      z.literal(7),
      z.email(),
    );
    const { schema } = fc.letrec<{ schema: z.ZodType }>((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('schema').map((s) => z.array(s)),
        tie('schema').map((s) => s.optional()),
        tie('schema').map((s) => s.nullable()),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('schema'), { maxKeys: 4 }).map((shape) => z.object(shape)),
        fc.tuple(tie('schema'), tie('schema')).map(([a, b]) => z.union([a, b])),
      ),
    }));
    fc.assert(
      fc.property(schema, (s) => {
        const root = z.object({ value: s });
        const example = exampleValue(root);
        const result = safeParse(JSON.stringify(example), root);
        return example !== undefined && result.success && result.interventions.length === 0;
      }),
      { numRuns: 300 },
    );
  });
});
