import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchema } from './closed-json-schema.js';
import { geminiProjection } from './gemini-projection.js';

type Node = JsonSchema & { properties: Record<string, Node>; items: Node; anyOf: Node[] };

describe('geminiProjection', () => {
  it('rule "type is one of STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT": types are written in upper case', () => {
    const { schema } = geminiProjection(z.object({ s: z.string(), n: z.number(), i: z.int(), b: z.boolean(), a: z.array(z.string()), o: z.object({ x: z.string() }) }));
    const types = Object.values((schema as Node).properties).map((p) => p.type);
    expect([schema.type, ...types]).toEqual(['OBJECT', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
  });

  it('rule "nullable indicates if the value may be null": null types and null options become nullable', () => {
    const { schema, lost } = geminiProjection(z.object({ a: z.string().nullable(), b: z.object({ x: z.string() }).nullable(), c: z.union([z.string(), z.number()]).nullable() }));
    const { a, b, c } = (schema as Node).properties;
    expect(a).toEqual({ nullable: true, type: 'STRING' });
    expect(b).toMatchObject({ nullable: true, type: 'OBJECT', properties: { x: { type: 'STRING' } } });
    expect(c).toEqual({ anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }], nullable: true });
    expect(JSON.stringify(schema)).not.toMatch(/"NULL"|"null"/);
    expect(lost.every((l) => l.constraint === 'additionalProperties: false')).toBe(true);
  });

  it('rule "enum: possible values of a STRING with format enum": enums and string literals; other enums are reported', () => {
    const { schema, lost } = geminiProjection(z.object({ level: z.enum(['low', 'high']), kind: z.literal('a'), n: z.literal(3) }));
    const { level, kind, n } = (schema as Node).properties;
    expect(level).toEqual({ enum: ['low', 'high'], format: 'enum', type: 'STRING' });
    expect(kind).toEqual({ enum: ['a'], format: 'enum', type: 'STRING' });
    expect(n).toEqual({ type: 'NUMBER' });
    expect(lost.filter((l) => l.path === 'n').map((l) => l.constraint)).toEqual(['const: 3']);
  });

  it('rule "minItems/maxItems/minLength/maxLength are int64 (written as strings)"; minimum, maximum and pattern are kept', () => {
    const { schema } = geminiProjection(z.object({ tags: z.array(z.string().min(1).max(5).regex(/^[a-z]+$/)).min(1).max(3), n: z.number().min(0).max(9) }));
    const { tags, n } = (schema as Node).properties;
    expect(tags).toEqual({ items: { maxLength: '5', minLength: '1', pattern: '^[a-z]+$', type: 'STRING' }, maxItems: '3', minItems: '1', type: 'ARRAY' });
    expect(n).toEqual({ maximum: 9, minimum: 0, type: 'NUMBER' });
  });

  it('rule "propertyOrdering" carries the declared order (Gemini orders properties alphabetically otherwise)', () => {
    const { schema } = geminiProjection(z.object({ zeta: z.string(), alpha: z.object({ y: z.string(), b: z.string() }) }));
    expect(schema.propertyOrdering).toEqual(['zeta', 'alpha']);
    expect((schema as Node).properties.alpha!.propertyOrdering).toEqual(['y', 'b']);
  });

  it('rule "an OpenAPI 3.0 subset": no additionalProperties, exclusive bounds, multipleOf; formats only enum and date-time', () => {
    const { lost } = geminiProjection(z.object({ score: z.number().gt(0).lt(1).multipleOf(0.5), at: z.iso.datetime(), mail: z.email(), deep: z.object({ x: z.string() }) }));
    expect(lost.map((l) => `${l.path} ${l.constraint}`)).toEqual([
      'score exclusiveMaximum: 1',
      'score exclusiveMinimum: 0',
      'score multipleOf: 0.5',
      'mail format: "email"',
      'deep additionalProperties: false',
      '(root) additionalProperties: false',
    ]);
  });

  it('optional properties are left out of required (Gemini does not require them)', () => {
    const { schema } = geminiProjection(z.object({ a: z.string(), b: z.string().optional() }));
    expect(schema.required).toEqual(['a']);
  });
});
