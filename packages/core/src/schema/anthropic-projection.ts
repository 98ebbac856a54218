/**
 * Anthropic tool `input_schema`, as strict tool use (`strict: true`) accepts
 * it. The documented JSON Schema limitations of structured outputs: objects
 * need `additionalProperties: false`; supported are the basic types, enum,
 * const, anyOf, required, the string formats date-time, time, date, duration,
 * email, hostname, uri, ipv4, ipv6 and uuid, and `minItems` of 0 or 1;
 * numerical constraints (minimum, maximum, multipleOf…), string length
 * constraints and other array constraints are not; patterns may not use
 * backreferences, lookaround or word boundaries. Optional properties stay
 * optional: strict tool use does not require every property.
 */
import { closedJsonSchema } from './closed-json-schema.js';
import { dropKeywords, rewriteSchema, type Projection, type RewriteContext } from './rewrite-schema.js';

/** String formats Anthropic structured outputs document. */
export const ANTHROPIC_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);

const KEEP: ReadonlySet<string> = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title', 'pattern', 'format', 'minItems']);

/** Regex features Anthropic documents as unsupported: backreferences, lookahead/lookbehind, word boundaries. */
const UNSUPPORTED_REGEX = /\\[1-9]|\(\?<?[=!]|\\[bB]/;

function unsupported(keyword: string): string {
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].includes(keyword)) return `Anthropic structured outputs do not support numerical constraints (${keyword})`;
  if (keyword === 'minLength' || keyword === 'maxLength') return `Anthropic structured outputs do not support string length constraints (${keyword})`;
  if (keyword === 'maxItems') return 'Anthropic structured outputs support no array constraint beyond minItems of 0 or 1';
  return `Anthropic structured outputs do not list ${keyword} among the supported JSON Schema features`;
}

function anthropicNode(node: Readonly<Record<string, unknown>>, at: RewriteContext): Record<string, unknown> {
  const rewritten = dropKeywords(node, at, KEEP, unsupported);
  if (typeof rewritten.minItems === 'number' && rewritten.minItems > 1) {
    at.lose('minItems', rewritten.minItems, 'Anthropic structured outputs support minItems of 0 or 1 only');
    delete rewritten.minItems;
  }
  if (typeof rewritten.format === 'string' && !ANTHROPIC_FORMATS.has(rewritten.format)) {
    at.lose('format', rewritten.format, `Anthropic structured outputs document the formats ${[...ANTHROPIC_FORMATS].join(', ')}`);
    delete rewritten.format;
  }
  if (typeof rewritten.pattern === 'string' && UNSUPPORTED_REGEX.test(rewritten.pattern)) {
    at.lose('pattern', rewritten.pattern, 'Anthropic structured outputs do not support backreferences, lookaround or word boundaries in patterns');
    delete rewritten.pattern;
  }
  return rewritten;
}

/**
 * The Anthropic tool `input_schema` projection (strict tool use), with the
 * constraints it cannot carry listed in `lost`.
 *
 * @example
 * const { schema, lost } = anthropicProjection(z.object({ score: z.number().min(0).max(1) }));
 * const tool = { name: 'report', description: 'Report the score', input_schema: schema, strict: true };
 * lost.map((l) => l.constraint) // ['minimum: 0', 'maximum: 1']
 */
export function anthropicProjection(input: unknown): Projection {
  return rewriteSchema(closedJsonSchema(input), anthropicNode);
}
