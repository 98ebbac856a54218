import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { FIXTURE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import { AgentSchemaProfileError, checkProfile, profileViolations } from './check-profile.js';

/** The erk contract's twin (the shipped one lives in @airlock/contracts, which depends on core). */
const erkTripwireCandidates = FIXTURE_CONTRACTS.erk;

type Recursive = { name: string; children: Recursive[] };
const tree: z.ZodType<Recursive> = z.object({
  name: z.string(),
  get children() {
    return z.array(tree);
  },
});

/** Every construct outside the profile, with the path and the words its reason must carry. */
const REFUSED: readonly [construct: string, schema: z.ZodType, path: string, reason: RegExp][] = [
  ['default', z.object({ n: z.string().default('x') }), 'n', /default/],
  ['prefault', z.object({ n: z.string().prefault('x') }), 'n', /default/],
  ['catch', z.object({ n: z.string().catch('x') }), 'n', /catch/],
  ['transform', z.object({ n: z.string().transform(Number) }), 'n', /transform/],
  ['pipe', z.object({ n: z.string().pipe(z.string().min(1)) }), 'n', /pipe/],
  ['coercion', z.object({ n: z.coerce.number() }), 'n', /coercion/],
  ['refinement', z.object({ n: z.string().refine((s) => s !== 'x') }), 'n', /refinement/],
  ['superRefine', z.object({ n: z.number().superRefine(() => undefined) }), 'n', /refinement/],
  ['rewrite (.trim)', z.object({ n: z.string().trim() }), 'n', /rewrite/],
  ['record', z.object({ tags: z.record(z.string(), z.string()) }), 'tags', /index signature/],
  ['catch-all', z.object({ meta: z.object({ a: z.string() }).catchall(z.string()) }), 'meta', /index signature/],
  ['loose object', z.object({ meta: z.object({ a: z.string() }).loose() }), 'meta', /index signature/],
  ['nullable literal', z.object({ kind: z.literal('a').nullable() }), 'kind', /nullable literal/],
  ['null literal', z.object({ kind: z.literal(null) }), 'kind', /null literal/],
  ['z.null()', z.object({ kind: z.union([z.string(), z.null()]) }), 'kind.anyOf[1]', /null literal/],
  ['z.lazy', z.object({ n: z.lazy(() => z.string()) }), 'n', /recursive/],
  ['recursive getter', z.object({ root: tree }), 'root.children[]', /recursive/],
  ['raw JSON Schema annotation', z.object({ n: z.string().meta({ examples: ['a'] }) }), 'n', /annotation "examples"/],
  ['metadata id (a $ref)', z.object({ n: z.string().meta({ id: 'Name' }) }), 'n', /annotation "id"/],
  ['optional array item', z.object({ tags: z.array(z.string().optional()) }), 'tags[]', /optional/],
  ['date', z.object({ at: z.date() }), 'at', /Date/],
  ['bigint', z.object({ n: z.bigint() }), 'n', /bigint/],
  ['tuple', z.object({ pair: z.tuple([z.string(), z.number()]) }), 'pair', /tuple/],
  ['intersection', z.object({ both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })) }), 'both', /intersection/],
  ['any', z.object({ n: z.any() }), 'n', /any/],
  ['unknown', z.object({ n: z.unknown() }), 'n', /unknown/],
  ['map', z.object({ n: z.map(z.string(), z.string()) }), 'n', /Map/],
  ['custom', z.object({ n: z.custom<string>((v) => typeof v === 'string') }), 'n', /custom/],
  ['readonly', z.object({ n: z.array(z.string()).readonly() }), 'n', /readonly/],
  ['template literal', z.object({ n: z.templateLiteral(['a-', z.number()]) }), 'n', /template literal/],
];

describe('checkProfile', () => {
  it.each(REFUSED)('refuses %s with its path and reason', (_construct, schema, path, reason) => {
    const violations = profileViolations(schema);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.path).toBe(path);
    expect(violations[0]!.reason).toMatch(reason);
    expect(() => checkProfile(schema)).toThrow(AgentSchemaProfileError);
  });

  it('lists every offending path at once, in one error', () => {
    const schema = z.object({
      a: z.string().default('x'),
      nested: z.object({ b: z.string().transform(Number), list: z.array(z.object({ c: z.record(z.string(), z.number()) })) }),
      d: z.union([z.string(), z.date()]),
    });
    let error: unknown;
    try {
      checkProfile(defineContract({ name: 'review', schema }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AgentSchemaProfileError);
    const { violations, message } = error as AgentSchemaProfileError;
    expect(violations.map((v) => v.path)).toEqual(['a', 'nested.b', 'nested.list[].c', 'd.anyOf[1]']);
    expect(message.split('\n')[0]).toBe('review is outside the AgentSchema profile:');
    expect(message.split('\n')).toHaveLength(5);
  });

  it('requires an object root', () => {
    expect(profileViolations(z.array(z.object({ a: z.string() })))).toEqual([{ path: '(root)', reason: 'the root must be an object (z.object), not array' }]);
    expect(profileViolations(z.object({ a: z.string() }).optional()).map((v) => v.path)).toEqual(['(root)', '(root)']);
  });

  it('refuses a non-Zod schema (nothing to read)', () => {
    const opaque = { '~standard': { version: 1, vendor: 'x', validate: (value: unknown) => ({ value }) } };
    expect(profileViolations(opaque)).toEqual([{ path: '(root)', reason: 'not a Zod 4 schema' }]);
  });

  it('accepts every construct of the profile', () => {
    const schema = z.object({
      title: z.string().min(1).max(80).describe('One line'),
      email: z.email(),
      when: z.iso.datetime(),
      code: z.string().regex(/^[A-Z]{3}$/),
      score: z.number().gte(0).lte(1),
      count: z.int().nonnegative(),
      done: z.boolean(),
      tags: z.array(z.string()).min(1).max(5),
      kind: z.literal('review'),
      flags: z.literal(['a', 1, true]),
      verdict: z.enum(['approve', 'reject']),
      value: z.union([z.string(), z.number()]),
      event: z.discriminatedUnion('type', [z.object({ type: z.literal('a'), a: z.string() }), z.object({ type: z.literal('b'), b: z.number() })]),
      note: z.string().optional(),
      parent: z.string().nullable(),
      maybe: z.number().nullish(),
      nested: z.object({ deep: z.object({ x: z.string() }).strict() }).meta({ title: 'Nested', description: 'Nested object' }),
      shared: z.array(z.object({ x: z.string() })),
    });
    expect(profileViolations(schema)).toEqual([]);
  });

  it('lets a brand through: Zod 4 brands exist only in types, validation and JSON Schema are unchanged', () => {
    const branded = z.object({ id: z.string().brand<'TicketId'>() });
    expect(profileViolations(branded)).toEqual([]);
  });

  it('accepts the shipped erk contract', () => {
    expect(() => checkProfile(erkTripwireCandidates)).not.toThrow();
  });

  it('accepts a schema used twice side by side (reuse is not recursion)', () => {
    const point = z.object({ x: z.number(), y: z.number() });
    expect(profileViolations(z.object({ from: point, to: point }))).toEqual([]);
  });
});
