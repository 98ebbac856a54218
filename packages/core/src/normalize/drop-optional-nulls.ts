/**
 * Reads back what a provider was forced to send: OpenAI strict mode requires
 * every property, so an optional field the model left out arrives as null.
 * For a contract that declares `optionalNulls: 'drop'` (see `fromProvider`),
 * such a null, where the schema does not accept null, is removed and recorded.
 * A null the schema accepts is kept: it may be a real null.
 */
import type { Contract } from '../contract/contract.js';
import type { JsonSchema } from '../schema/closed-json-schema.js';
import { closedJsonSchema, isJsonObject } from '../schema/closed-json-schema.js';
import { acceptsNull } from '../schema/rewrite-schema.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, getOwn, isPlainObject, setOwn } from './value-tree.js';

/** Deeper values are left as they are (parsers already bound depth). */
const MAX_DEPTH = 512;

const closedSchemas = new WeakMap<object, JsonSchema | null>();

/** The contract schema's closed JSON Schema, once per schema; null outside the profile. */
function closedSchemaOf(schema: object): JsonSchema | null {
  let closed = closedSchemas.get(schema);
  if (closed === undefined) {
    try {
      closed = closedJsonSchema(schema);
    } catch {
      closed = null;
    }
    closedSchemas.set(schema, closed);
  }
  return closed;
}

/** The option of a union a value follows: the first object option declaring all its keys, or the first array option. */
function optionFor(node: JsonSchema, value: unknown): JsonSchema | undefined {
  if (!Array.isArray(node.anyOf)) return node;
  const options = node.anyOf.filter(isJsonObject) as JsonSchema[];
  if (Array.isArray(value)) return options.find((option) => isJsonObject(option.items));
  if (!isPlainObject(value)) return undefined;
  return options.find((option) => isJsonObject(option.properties) && Object.keys(value).every((key) => Object.hasOwn(option.properties as object, key)));
}

function dropNulls(value: unknown, node: JsonSchema | undefined, path: ValuePath, interventions: Intervention[]): unknown {
  const schema = node === undefined ? undefined : optionFor(node, value);
  if (schema === undefined || path.length > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    if (!isJsonObject(schema.items)) return value;
    const items = schema.items as JsonSchema;
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const next = dropNulls(item, items, [...path, i], interventions);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return copy ?? value;
  }
  if (!isPlainObject(value) || !isJsonObject(schema.properties)) return value;
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property === undefined) continue;
    const field = getOwn(value, key);
    if (field === null && !required.has(key) && !acceptsNull(property)) {
      const message = `Removed null at ${formatPath([...path, key])}: the provider sends null for an optional field left out.`;
      interventions.push(normalizeChange('optional_null_dropped', 'cleanup', message, [...path, key], 'null', ''));
      delete (copy ??= copyObject(value))[key];
      continue;
    }
    const next = dropNulls(field, property, [...path, key], interventions);
    if (next !== field) setOwn((copy ??= copyObject(value)), key, next);
  }
  return copy ?? value;
}

/**
 * Removes the nulls a provider sent for optional fields it had to include.
 *
 * @example
 * const review = fromProvider('openai', z.object({ file: z.string(), line: z.number().optional() }));
 * dropOptionalNulls({ file: 'a.ts', line: null }, review).value // { file: 'a.ts' }
 */
export function dropOptionalNulls(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  if (contract.normalization.optionalNulls !== 'drop' || typeof contract.schema !== 'object' || contract.schema === null) return { value, interventions: [] };
  const closed = closedSchemaOf(contract.schema);
  if (closed === null) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  return { value: dropNulls(value, closed, [], interventions), interventions };
}
