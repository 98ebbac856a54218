import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentSchemaProfileError } from './check-profile.js';
import type { JsonSchema } from './closed-json-schema.js';
import { openaiProjection } from './openai-projection.js';

type Node = JsonSchema & { properties: Record<string, Node>; items: Node; anyOf: Node[] };

/** Every object node of a projection. */
function objects(node: unknown): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as Node;
  const below = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])].flatMap(objects);
  return schema.type === 'object' ? [schema, ...below] : below;
}

const review = z.object({
  summary: z.string().min(1),
  verdict: z.enum(['approve', 'request_changes']),
  issues: z.array(
    z.object({
      file: z.string(),
      line: z.int().nonnegative().optional(),
      fix: z.object({ patch: z.string() }).optional(),
      kind: z.union([z.object({ rule: z.string() }), z.object({ note: z.string().optional() })]).optional(),
    }),
  ),
});

describe('openaiProjection', () => {
  it('rule "all fields must be required": every object lists every property in required', () => {
    const found = objects(openaiProjection(review).schema);
    expect(found.length).toBe(5);
    for (const object of found) expect(object.required).toEqual(Object.keys(object.properties));
  });

  it('rule "additionalProperties: false must always be set in objects"', () => {
    for (const object of objects(openaiProjection(review).schema)) expect(object.additionalProperties).toBe(false);
  });

  it('rule "emulate an optional parameter with a union type with null": primitives as a type list, others as anyOf', () => {
    const issue = (openaiProjection(review).schema as Node).properties.issues!.items.properties;
    expect(issue.line).toEqual({ minimum: 0, type: ['integer', 'null'] });
    expect(issue.fix!.anyOf.map((option) => option.type)).toEqual(['object', 'null']);
    expect(issue.kind!.anyOf.map((option) => option.type)).toEqual(['object', 'object', 'null']);
    const nullableEnum = (openaiProjection(z.object({ unit: z.enum(['F', 'C']).optional() })).schema as Node).properties.unit;
    expect(nullableEnum).toEqual({ enum: ['F', 'C', null], type: ['string', 'null'] });
  });

  it('rule "root objects must be an object, not anyOf": the root stays a plain object', () => {
    const { schema } = openaiProjection(review);
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toBeUndefined();
    expect(schema.$schema).toBeUndefined();
  });

  it('rule "supported properties" for strings (pattern, format), numbers (bounds, multipleOf) and arrays (minItems, maxItems) are kept', () => {
    const { schema, lost } = openaiProjection(
      z.object({ id: z.uuid(), code: z.string().regex(/^[A-Z]+$/), score: z.number().gt(0).lte(1).multipleOf(0.5), tags: z.array(z.string()).min(1).max(3) }),
    );
    const properties = (schema as Node).properties;
    expect(properties.id).toMatchObject({ format: 'uuid' });
    expect(properties.code).toEqual({ pattern: '^[A-Z]+$', type: 'string' });
    expect(properties.score).toEqual({ exclusiveMinimum: 0, maximum: 1, multipleOf: 0.5, type: 'number' });
    expect(properties.tags).toEqual({ items: { type: 'string' }, maxItems: 3, minItems: 1, type: 'array' });
    expect(lost).toEqual([]);
  });

  it('rule "supported properties": minLength, maxLength, undocumented formats and title are removed and reported', () => {
    const { schema, lost } = openaiProjection(z.object({ name: z.string().min(1).max(9), site: z.url(), note: z.string().meta({ title: 'Note' }) }));
    expect((schema as Node).properties).toEqual({ name: { type: 'string' }, site: { type: 'string' }, note: { type: 'string' } });
    expect(lost.map((l) => [l.path, l.constraint])).toEqual([
      ['name', 'maxLength: 9'],
      ['name', 'minLength: 1'],
      ['site', 'format: "uri"'],
      ['note', 'title: "Note"'],
    ]);
    for (const l of lost) expect(l.reason).toMatch(/OpenAI strict mode/);
  });

  it('rule "supported types: enum": a literal is written as a one-value enum, nothing lost', () => {
    const { schema, lost } = openaiProjection(z.object({ kind: z.literal('review'), n: z.literal(3) }));
    expect((schema as Node).properties).toEqual({ kind: { enum: ['review'], type: 'string' }, n: { enum: [3], type: 'number' } });
    expect(lost).toEqual([]);
  });

  it('rule "supported types: anyOf": a union of primitives is written as anyOf', () => {
    const { schema } = openaiProjection(z.object({ value: z.union([z.string(), z.number()]).nullable() }));
    expect((schema as Node).properties.value).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] });
  });

  it('reports an optional and nullable field: an absent value and null both arrive as null', () => {
    const { schema, lost } = openaiProjection(z.object({ parent: z.string().nullish() }));
    expect((schema as Node).properties.parent).toEqual({ type: ['string', 'null'] });
    expect(lost).toEqual([{ path: 'parent', constraint: 'optional', reason: expect.stringMatching(/absent value arrives as null/) }]);
  });

  it('keeps descriptions and the declared property order (outputs follow the schema key order)', () => {
    const { schema } = openaiProjection(z.object({ zeta: z.string().describe('last letter'), alpha: z.string() }));
    expect(Object.keys((schema as Node).properties)).toEqual(['zeta', 'alpha']);
    expect((schema as Node).properties.zeta).toEqual({ description: 'last letter', type: 'string' });
  });

  it('refuses a schema outside the profile', () => {
    expect(() => openaiProjection(z.object({ n: z.record(z.string(), z.string()) }))).toThrow(AgentSchemaProfileError);
  });
});
