import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import { AgentSchemaProfileError } from './check-profile.js';
import { closedJsonSchema, type JsonSchema } from './closed-json-schema.js';

/** The erk contract's twin (the shipped one lives in @airlock/contracts, which depends on core). */
const erkTripwireCandidates = FIXTURE_CONTRACTS.erk;

/** Every node of a JSON Schema with its JSON path. */
function* nodes(node: unknown, path = '#'): Generator<[string, JsonSchema]> {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) return yield* node.flatMap((item, i) => [...nodes(item, `${path}/${i}`)]);
  const schema = node as JsonSchema;
  yield [path, schema];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') for (const [name, child] of Object.entries(value as object)) yield* nodes(child, `${path}/properties/${name}`);
    else if (typeof value === 'object') yield* nodes(value, `${path}/${key}`);
  }
}

const review = z.object({
  summary: z.string().describe('One paragraph'),
  issues: z.array(z.object({ file: z.string(), line: z.int().nonnegative().optional(), kind: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]).nullable() })),
});

describe('closedJsonSchema', () => {
  it('closes every object, nested in arrays and unions too', () => {
    const objects = [...nodes(closedJsonSchema(review))].filter(([, node]) => node.type === 'object');
    expect(objects.map(([path]) => path)).toEqual(['#', '#/properties/issues/items', '#/properties/issues/items/properties/kind/anyOf/0', '#/properties/issues/items/properties/kind/anyOf/1']);
    for (const [, node] of objects) expect(node.additionalProperties).toBe(false);
  });

  it('writes one canonical form: keywords and required sorted, properties in declared order', () => {
    const schema = closedJsonSchema(z.object({ zeta: z.string(), alpha: z.number().max(3).min(1) }));
    expect(JSON.stringify(schema)).toBe(
      '{"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"zeta":{"type":"string"},"alpha":{"maximum":3,"minimum":1,"type":"number"}},"required":["alpha","zeta"],"type":"object"}',
    );
  });

  it('leaves out z.int() safe-integer bounds, keeps real ones, flattens a nullable union and keeps descriptions', () => {
    const schema = closedJsonSchema(review) as { properties: { summary: JsonSchema; issues: { items: { properties: Record<string, JsonSchema> } } } };
    expect(schema.properties.summary).toEqual({ description: 'One paragraph', type: 'string' });
    expect(schema.properties.issues.items.properties.line).toEqual({ minimum: 0, type: 'integer' });
    expect(closedJsonSchema(z.object({ n: z.int() })).properties).toEqual({ n: { type: 'integer' } });
    expect((schema.properties.issues.items.properties.kind!.anyOf as JsonSchema[]).map((option) => option.type)).toEqual(['object', 'object', 'null']);
  });

  it('closes the shipped erk contract', () => {
    expect(closedJsonSchema(erkTripwireCandidates)).toMatchInlineSnapshot(`
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "additionalProperties": false,
        "properties": {
          "candidates": {
            "items": {
              "additionalProperties": false,
              "properties": {
                "action": {
                  "minLength": 1,
                  "type": "string",
                },
                "target_doc_path": {
                  "minLength": 1,
                  "type": "string",
                },
                "warning": {
                  "minLength": 1,
                  "type": "string",
                },
              },
              "required": [
                "action",
                "target_doc_path",
                "warning",
              ],
              "type": "object",
            },
            "type": "array",
          },
        },
        "required": [
          "candidates",
        ],
        "type": "object",
      }
    `);
  });

  it('a key named __proto__ stays plain data', () => {
    const schema = closedJsonSchema(z.object({ ['__proto__']: z.string() })) as { properties: object };
    expect(Object.keys(schema.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
  });

  it('refuses a schema outside the profile', () => {
    expect(() => closedJsonSchema(z.object({ n: z.string().default('x') }))).toThrow(AgentSchemaProfileError);
  });
});
