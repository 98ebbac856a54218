/**
 * The canonical closed JSON Schema of a profile schema: what Zod 4's
 * `z.toJSONSchema` derives, closed (`additionalProperties: false` on every
 * object) and written in one canonical form, so equal schemas give equal
 * JSON whatever Zod's key order. It is the source of the fingerprint and of
 * every provider projection.
 */
import { toJSONSchema } from 'zod';
import { isContract } from '../contract/contract-brand.js';
import { checkProfile } from './check-profile.js';

/** A JSON Schema node as plain JSON data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The JSON Schema dialect `z.toJSONSchema` writes by default. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** `z.int()` states JavaScript's safe-integer range; `integer` says enough to every reader. */
const SAFE_INTEGER_BOUNDS: Readonly<Record<string, number>> = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a node that describes objects. */
export function isObjectNode(node: JsonSchema): boolean {
  return node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isJsonObject(node.properties);
}

/**
 * Rewrites one node canonically: keywords sorted, every object closed,
 * `required` sorted (it is a set), an `anyOf` directly inside an `anyOf`
 * flattened (`.nullable()` on a union nests one), and `z.int()`'s safe-integer
 * bounds left out. Property order is kept: it is the order models write fields in.
 */
export function canonicalNode(node: unknown, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((item) => canonicalNode(item, depth + 1));
  if (!isJsonObject(node) || depth > 256) return node;
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(node).sort()) {
    const value = node[key];
    if (key === 'properties' && isJsonObject(value)) {
      entries.push([key, Object.fromEntries(Object.keys(value).map((name) => [name, canonicalNode(value[name], depth + 1)]))]);
    } else if (key === 'required' && Array.isArray(value)) {
      entries.push([key, [...value].sort()]);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      entries.push([key, value.flatMap((option) => (isJsonObject(option) && Object.keys(option).length === 1 && Array.isArray(option.anyOf) ? option.anyOf : [option])).map((option) => canonicalNode(option, depth + 1))]);
    } else if (node.type === 'integer' && SAFE_INTEGER_BOUNDS[key] === value) {
      continue;
    } else {
      entries.push([key, canonicalNode(value, depth + 1)]);
    }
  }
  const canonical = Object.fromEntries(entries) as Record<string, unknown>;
  if (isObjectNode(canonical)) {
    canonical.additionalProperties = false;
    return Object.fromEntries(Object.keys(canonical).sort().map((key) => [key, canonical[key]]));
  }
  return canonical;
}

/**
 * Zod's JSON Schema of a profile schema, before canonicalization. Only
 * descriptive metadata reaches it (the profile refuses the rest).
 */
function zodJsonSchema(schema: unknown): JsonSchema {
  return toJSONSchema(schema as Parameters<typeof toJSONSchema>[0], { target: 'draft-2020-12', io: 'output', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' }) as JsonSchema;
}

/**
 * The canonical closed JSON Schema of a contract or Zod schema in the
 * AgentSchema profile.
 *
 * @throws AgentSchemaProfileError when the schema is outside the profile.
 * @example
 * closedJsonSchema(z.object({ title: z.string(), done: z.boolean().optional() }))
 * // { $schema: 'https://json-schema.org/draft/2020-12/schema', additionalProperties: false,
 * //   properties: { title: { type: 'string' }, done: { type: 'boolean' } }, required: ['title'], type: 'object' }
 */
export function closedJsonSchema(input: unknown): JsonSchema {
  checkProfile(input);
  const schema = isContract(input) ? input.schema : input;
  return canonicalNode(zodJsonSchema(schema)) as JsonSchema;
}
