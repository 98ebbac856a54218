import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicProjection } from './anthropic-projection.js';
import type { JsonSchema } from './closed-json-schema.js';

type Node = JsonSchema & { properties: Record<string, Node>; items: Node };

describe('anthropicProjection', () => {
  it('rule "additionalProperties must be set to false" on every object, and optional properties stay optional', () => {
    const { schema, lost } = anthropicProjection(z.object({ title: z.string(), meta: z.object({ note: z.string().optional() }).optional() }));
    expect(schema).toEqual({
      additionalProperties: false,
      properties: { title: { type: 'string' }, meta: { additionalProperties: false, properties: { note: { type: 'string' } }, type: 'object' } },
      required: ['title'],
      type: 'object',
    });
    expect(lost).toEqual([]);
  });

  it('rule "numerical constraints are not supported": minimum, maximum, exclusive bounds, multipleOf are reported', () => {
    const { schema, lost } = anthropicProjection(z.object({ score: z.number().gt(0).lte(1).multipleOf(0.5), count: z.int().nonnegative() }));
    expect((schema as Node).properties).toEqual({ score: { type: 'number' }, count: { type: 'integer' } });
    expect(lost.map((l) => `${l.path} ${l.constraint}`)).toEqual(['score exclusiveMinimum: 0', 'score maximum: 1', 'score multipleOf: 0.5', 'count minimum: 0']);
    for (const l of lost) expect(l.reason).toMatch(/numerical constraints/);
  });

  it('rule "string constraints minLength, maxLength are not supported"', () => {
    const { lost } = anthropicProjection(z.object({ name: z.string().min(1).max(9) }));
    expect(lost.map((l) => l.constraint)).toEqual(['maxLength: 9', 'minLength: 1']);
  });

  it('rule "array minItems of 0 or 1 only": minItems 1 is kept, minItems 2 and maxItems are reported', () => {
    const { schema, lost } = anthropicProjection(z.object({ one: z.array(z.string()).min(1), two: z.array(z.string()).min(2).max(4) }));
    expect((schema as Node).properties.one).toEqual({ items: { type: 'string' }, minItems: 1, type: 'array' });
    expect((schema as Node).properties.two).toEqual({ items: { type: 'string' }, type: 'array' });
    expect(lost.map((l) => `${l.path} ${l.constraint}`)).toEqual(['two maxItems: 4', 'two minItems: 2']);
  });

  it('rule "supported string formats" (date-time, email, uri, uuid…) are kept, others reported', () => {
    const { schema, lost } = anthropicProjection(z.object({ at: z.iso.date(), site: z.url(), id: z.uuid(), token: z.base64() }));
    const properties = (schema as Node).properties;
    expect([properties.at!.format, properties.site!.format, properties.id!.format, properties.token!.format]).toEqual(['date', 'uri', 'uuid', undefined]);
    expect(lost.map((l) => l.constraint)).toEqual(['contentEncoding: "base64"', 'format: "base64"']);
  });

  it('rule "regex: no backreferences, lookaround or word boundaries": such patterns are reported, simple ones kept', () => {
    const { schema, lost } = anthropicProjection(z.object({ plain: z.string().regex(/^[a-z]+-\d{2}$/), look: z.string().regex(/^(?=.*\d)\w+$/), word: z.string().regex(/\bok\b/) }));
    expect((schema as Node).properties.plain).toEqual({ pattern: '^[a-z]+-\\d{2}$', type: 'string' });
    expect(lost.map((l) => l.path)).toEqual(['look', 'word']);
  });

  it('rule "enum, const and anyOf are supported": literals, enums and unions pass unchanged', () => {
    const { schema, lost } = anthropicProjection(z.object({ kind: z.literal('a'), level: z.enum(['low', 'high']), value: z.union([z.string(), z.object({ n: z.number() })]) }));
    expect((schema as Node).properties.kind).toEqual({ const: 'a', type: 'string' });
    expect((schema as Node).properties.level).toEqual({ enum: ['low', 'high'], type: 'string' });
    expect(lost).toEqual([]);
  });
});
