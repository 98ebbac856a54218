/**
 * OpenAI strict structured outputs (`response_format: { type: 'json_schema',
 * strict: true }`, and strict function parameters). The documented rules
 * ("Supported schemas"): every object sets `additionalProperties: false` and
 * lists every property in `required` (optional fields are emulated as a union
 * with null); strings support `pattern` and `format` (date-time, time, date,
 * duration, email, hostname, ipv4, ipv6, uuid); numbers `multipleOf`,
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; arrays
 * `minItems`, `maxItems`; types string, number, boolean, integer, object,
 * array, enum and anyOf. Fields are written in the schema's key order.
 */
import { closedJsonSchema, isJsonObject, type JsonSchema } from './closed-json-schema.js';
import { acceptsNull, dropKeywords, optionalProperties, rewriteSchema, typesOf, type Projection, type RewriteContext } from './rewrite-schema.js';

/** String formats OpenAI strict mode documents. */
export const OPENAI_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const KEEP: ReadonlySet<string> = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', 'description',
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);

const PRIMITIVES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

function unsupported(keyword: string): string {
  if (keyword === 'title') return 'OpenAI strict mode documents description as the annotation models read; title is not among the supported keywords';
  return `OpenAI strict mode supports only pattern and format (strings), minimum, maximum, exclusive bounds and multipleOf (numbers), minItems and maxItems (arrays); ${keyword} is not among them`;
}

/** The node accepting null too: `['string', 'null']` for primitives (the documented form), an anyOf otherwise. */
export function nullableNode(node: JsonSchema): JsonSchema {
  const types = typesOf(node);
  if (types.length === 1 && PRIMITIVES.has(types[0]!) && node.anyOf === undefined) {
    const nullable: Record<string, unknown> = { ...node, type: [types[0], 'null'] };
    if (Array.isArray(node.enum)) nullable.enum = [...node.enum, null];
    return nullable;
  }
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  const { description, ...rest } = node;
  return description === undefined ? { anyOf: [rest, { type: 'null' }] } : { anyOf: [rest, { type: 'null' }], description };
}

function openaiNode(node: JsonSchema, at: RewriteContext): JsonSchema {
  // `const` is written as a one-value enum: the documented way to pin a value.
  const { const: constant, ...rest } = node;
  const rewritten = dropKeywords('const' in node ? { ...rest, enum: [constant] } : node, at, KEEP, unsupported);
  if (typeof rewritten.format === 'string' && !OPENAI_FORMATS.has(rewritten.format)) {
    at.lose('format', rewritten.format, `OpenAI strict mode documents the formats ${[...OPENAI_FORMATS].join(', ')}`);
    delete rewritten.format;
  }
  const types = typesOf(rewritten).filter((t) => t !== 'null');
  if (types.length > 1) {
    // A type list of several types (Zod's union of primitives) is written as the documented anyOf.
    const { type: _type, ...rest } = rewritten;
    const options = [...types, ...(typesOf(rewritten).includes('null') ? ['null'] : [])].map((t) => ({ type: t }));
    return { ...rest, anyOf: options };
  }
  if (isJsonObject(rewritten.properties)) {
    const properties = { ...rewritten.properties } as Record<string, JsonSchema>;
    for (const key of optionalProperties(rewritten)) {
      if (acceptsNull(properties[key]!)) {
        at.lose('optional', undefined, 'OpenAI strict mode requires every property; this one is also nullable, so an absent value arrives as null, like a real null', key);
      } else properties[key] = nullableNode(properties[key]!);
    }
    rewritten.properties = properties;
    rewritten.required = Object.keys(properties);
  }
  return rewritten;
}

/**
 * The OpenAI strict structured-outputs projection: every property required,
 * optional ones as a union with null (read them back with `fromProvider`),
 * unsupported keywords removed and listed in `lost`.
 *
 * @example
 * const { schema, lost } = openaiProjection(z.object({ title: z.string().min(1), note: z.string().optional() }));
 * schema.required            // ['title', 'note']
 * schema.properties.note     // { type: ['string', 'null'] }
 * lost                       // [{ path: 'title', constraint: 'minLength: 1', reason: '…' }]
 */
export function openaiProjection(input: unknown): Projection {
  return rewriteSchema(closedJsonSchema(input), openaiNode);
}
