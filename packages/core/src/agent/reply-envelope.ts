/**
 * TinyAgent's strict reply envelope: every assistant reply is either a tool
 * call `{ "tool", "args" }` or a direct answer `{ "answer" }`, nothing else and
 * no extra keys. Validation is two-tier: the envelope itself (known tool name,
 * an `args` object), then `args` against the named tool's schema, so a runner
 * can retry the arguments alone when only they are wrong.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnySchema } from '../contract/contract.js';
import type { ValidationIssue } from '../types.js';
import { validateValue } from '../validate/validate-value.js';
import { describeSchema, type DescribedSchema } from './describe-schema.js';

/** Tool name → schema of its arguments. */
export type ToolSchemas = Readonly<Record<string, AnySchema>>;

/** A tool call whose args satisfy the named tool's schema. */
export type ToolCall<Tools extends ToolSchemas> = { [Name in keyof Tools & string]: { tool: Name; args: StandardSchemaV1.InferOutput<Tools[Name]> } }[keyof Tools & string];

/** A final answer in plain text. */
export interface DirectAnswer {
  answer: string;
}

/** What a validated reply is. */
export type EnvelopeReply<Tools extends ToolSchemas> = ToolCall<Tools> | DirectAnswer;

/** A reply that passed the envelope tier: a known tool and an `args` object not yet checked. */
export type UncheckedReply<Tools extends ToolSchemas> = { tool: keyof Tools & string; args: Record<string, unknown> } | DirectAnswer;

/** The envelope built by {@link replyEnvelope}. */
export interface ReplyEnvelope<Tools extends ToolSchemas> {
  readonly tools: Tools;
  /** The allowed tool names, in declaration order. */
  readonly toolNames: readonly (keyof Tools & string)[];
  /** Both tiers: a reply passes when the envelope and the tool's args are right. */
  readonly schema: AnySchema<EnvelopeReply<Tools>>;
  /** The envelope tier only (args must be an object, not yet the tool's args). */
  readonly shapeSchema: AnySchema<UncheckedReply<Tools>>;
}

/** Internal result of one check: issues as Airlock formats them, or the value. */
type Check<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const quoted = (names: readonly string[]): string => names.map((n) => `'${n}'`).join(', ');

function checkEnvelope<Tools extends ToolSchemas>(value: unknown, toolNames: readonly string[]): Check<UncheckedReply<Tools>> {
  const fail = (path: string, message: string): Check<never> => ({ ok: false, issues: [{ path, message }] });
  if (!isPlainObject(value)) return fail('(root)', `Expected a tool call { "tool", "args" } or a direct answer { "answer" }, received ${kindOf(value)}`);
  const isCall = Object.hasOwn(value, 'tool');
  if (!isCall && !Object.hasOwn(value, 'answer')) return fail('(root)', 'Expected a tool call { "tool", "args" } or a direct answer { "answer" }');
  const allowed = isCall ? ['tool', 'args'] : ['answer'];
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  const issues: ValidationIssue[] = extra.length > 0 ? [{ path: '(root)', message: `Unrecognized key(s): ${quoted(extra)}` }] : [];
  if (!isCall) {
    if (typeof value.answer !== 'string') issues.push({ path: 'answer', message: `Expected string, received ${kindOf(value.answer)}` });
  } else {
    if (typeof value.tool !== 'string') issues.push({ path: 'tool', message: `Expected string, received ${kindOf(value.tool)}` });
    else if (!toolNames.includes(value.tool)) issues.push({ path: 'tool', message: `Unknown tool '${value.tool}'; allowed tools: ${quoted(toolNames)}` });
    if (!isPlainObject(value.args)) issues.push({ path: 'args', message: value.args === undefined ? 'Required' : `Expected object, received ${kindOf(value.args)}` });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as UncheckedReply<Tools> };
}

/**
 * Checks a tool call's arguments against the tool's schema; issue paths are
 * given relative to the arguments (`query`, not `args.query`).
 *
 * @example
 * checkToolArgs(envelope, 'search', {}) // { ok: false, issues: [{ path: 'query', message: 'Required' }] }
 */
export function checkToolArgs<Tools extends ToolSchemas>(envelope: ReplyEnvelope<Tools>, tool: keyof Tools & string, args: unknown): Check<unknown> {
  const outcome = validateValue(envelope.tools[tool]!, args);
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, issues: outcome.issues };
}

/** A Standard Schema validator from a check; issue paths are Airlock's formatted paths. */
function standardSchema<T>(check: (value: unknown) => Check<T>, shapeDescription: string): AnySchema<T> & DescribedSchema {
  return {
    shapeDescription,
    '~standard': {
      version: 1,
      vendor: 'airlock',
      validate: (value) => {
        const outcome = check(value);
        if (outcome.ok) return { value: outcome.value };
        return { issues: outcome.issues.map((i) => ({ message: i.message, path: i.path === '(root)' ? [] : [i.path] })) };
      },
    },
  };
}

/** `query` under `args` → `args.query`; the root of args → `args`. */
function underArgs(path: string): string {
  if (path === '(root)') return 'args';
  return path.startsWith('[') ? `args${path}` : `args.${path}`;
}

/**
 * Builds the strict reply envelope for a set of tools.
 *
 * @example
 * const envelope = replyEnvelope({ tools: { search: z.object({ query: z.string() }) } });
 * safeParse('{"tool":"search","args":{"query":"zod"}}', envelope.schema).success // true
 * safeParse('{"tool":"browse","args":{}}', envelope.schema)
 * // validationErrors: [{ path: 'tool', message: "Unknown tool 'browse'; allowed tools: 'search'" }]
 * safeParse('{"answer":"42","confidence":0.9}', envelope.schema)
 * // validationErrors: [{ path: '(root)', message: "Unrecognized key(s): 'confidence'" }]
 */
export function replyEnvelope<const Tools extends ToolSchemas>(options: { tools: Tools }): ReplyEnvelope<Tools> {
  const toolNames = Object.keys(options.tools) as (keyof Tools & string)[];
  const calls = toolNames.map((name) => `{ "tool": ${JSON.stringify(name)}, "args": ${describeSchema(options.tools[name]!)} }`);
  const description = [...calls, '{ "answer": string }'].join(' | ');
  const envelope: ReplyEnvelope<Tools> = {
    tools: options.tools,
    toolNames,
    shapeSchema: standardSchema((value) => checkEnvelope<Tools>(value, toolNames), description),
    schema: standardSchema((value): Check<EnvelopeReply<Tools>> => {
      const shape = checkEnvelope<Tools>(value, toolNames);
      if (!shape.ok || !('tool' in shape.value)) return shape as Check<EnvelopeReply<Tools>>;
      const args = checkToolArgs(envelope, shape.value.tool, shape.value.args);
      if (!args.ok) return { ok: false, issues: args.issues.map((i) => ({ path: underArgs(i.path), message: i.message })) };
      return { ok: true, value: { tool: shape.value.tool, args: args.value } as EnvelopeReply<Tools> };
    }, description),
  };
  return envelope;
}
