/**
 * Gemini `generationConfig.responseSchema`: the documented Schema object, "a
 * select subset of an OpenAPI 3.0 schema object". Its fields: `type` (one of
 * STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), `format`,
 * `title`, `description`, `nullable`, `enum` (strings, with `format: 'enum'`),
 * `items`, `minItems`/`maxItems`, `minLength`/`maxLength` (int64, written as
 * strings), `pattern`, `minimum`/`maximum`, `properties`, `required`,
 * `propertyOrdering` and `anyOf`. No `additionalProperties`, `const`,
 * exclusive bounds, `multipleOf` or `$ref`; a null is stated with `nullable`,
 * not a null type; string formats are `enum` and `date-time`.
 */
import { closedJsonSchema, isJsonObject, type JsonSchema } from './closed-json-schema.js';
import { dropKeywords, rewriteSchema, typesOf, type Projection, type RewriteContext } from './rewrite-schema.js';

const KEEP: ReadonlySet<string> = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength',
  'pattern', 'minimum', 'maximum', 'properties', 'required', 'anyOf', 'const',
]);

/** Schema fields typed int64, which the API documents as strings. */
const INT64_FIELDS = ['minItems', 'maxItems', 'minLength', 'maxLength'] as const;

/** String formats the Gemini API documents for responseSchema. */
export const GEMINI_STRING_FORMATS: ReadonlySet<string> = new Set(['enum', 'date-time']);

function unsupported(keyword: string): string {
  if (keyword === 'additionalProperties') return 'Gemini responseSchema has no additionalProperties field: it does not exclude extra keys';
  return `Gemini responseSchema (an OpenAPI 3.0 subset) has no ${keyword} field`;
}

function geminiType(type: string): string {
  return type.toUpperCase();
}

/** An anyOf without its null options, as `nullable`; one option left is merged into the node. */
function withoutNullOptions(node: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(node.anyOf)) return node;
  const options = (node.anyOf as JsonSchema[]).filter((option) => option.type !== 'NULL');
  if (options.length === node.anyOf.length) return node;
  const { anyOf: _anyOf, ...rest } = node;
  if (options.length === 1 && isJsonObject(options[0])) return { ...options[0], ...rest, nullable: true };
  return { ...rest, anyOf: options, nullable: true };
}

function geminiEnum(rewritten: Record<string, unknown>, values: readonly unknown[], keyword: 'enum' | 'const', at: RewriteContext): void {
  delete rewritten.const;
  if (values.every((value) => typeof value === 'string')) {
    rewritten.enum = [...values];
    rewritten.format = 'enum';
    return;
  }
  delete rewritten.enum;
  at.lose(keyword, keyword === 'const' ? values[0] : values, 'Gemini responseSchema enums hold strings only');
}

function geminiNode(node: JsonSchema, at: RewriteContext): JsonSchema {
  const rewritten = dropKeywords(node, at, KEEP, unsupported);
  const types = typesOf(node);
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length === 1) rewritten.type = geminiType(nonNull[0]!);
  else if (nonNull.length > 1) {
    delete rewritten.type;
    rewritten.anyOf = nonNull.map((t) => ({ type: geminiType(t) }));
  } else if (types.includes('null')) rewritten.type = 'NULL';
  if (nonNull.length > 0 && types.includes('null')) rewritten.nullable = true;
  if (typeof rewritten.format === 'string' && rewritten.type === 'STRING' && !GEMINI_STRING_FORMATS.has(rewritten.format)) {
    at.lose('format', rewritten.format, 'Gemini responseSchema documents the string formats enum and date-time');
    delete rewritten.format;
  }
  if ('const' in node) geminiEnum(rewritten, [node.const], 'const', at);
  else if (Array.isArray(node.enum)) geminiEnum(rewritten, node.enum.filter((value) => value !== null), 'enum', at);
  for (const field of INT64_FIELDS) if (typeof rewritten[field] === 'number') rewritten[field] = String(rewritten[field]);
  if (isJsonObject(rewritten.properties)) rewritten.propertyOrdering = Object.keys(rewritten.properties);
  return withoutNullOptions(rewritten);
}

/**
 * The Gemini `responseSchema` projection, with what the OpenAPI subset cannot
 * state listed in `lost` (always the closedness of objects: Gemini has no
 * `additionalProperties`).
 *
 * @example
 * const { schema, lost } = geminiProjection(z.object({ verdict: z.enum(['approve', 'reject']) }));
 * schema.properties.verdict // { type: 'STRING', format: 'enum', enum: ['approve', 'reject'] }
 * lost[0].constraint        // 'additionalProperties: false'
 */
export function geminiProjection(input: unknown): Projection {
  return rewriteSchema(closedJsonSchema(input), geminiNode);
}
