/**
 * The AgentSchema profile: the part of Zod 4 that projects to every
 * provider's structured-output dialect and decodes model output with the very
 * same schema. Anything that changes a value while validating it (defaults,
 * transforms, pipes, coercion, `.catch`), validates with code (refinements),
 * or has no closed JSON form (records, catch-alls, recursion, tuples, dates…)
 * is refused, every offending place at once. Brands (`.brand()`) are types
 * only in Zod 4: nothing of them exists at run time, so they pass unchanged.
 */
import { globalRegistry } from 'zod';
import { isContract } from '../contract/contract-brand.js';

/** One place outside the profile and why. */
export interface ProfileViolation {
  /** Where in the schema: `issues[].line`, `(root)`, `result.anyOf[1].code`. */
  readonly path: string;
  readonly reason: string;
}

/**
 * Thrown by {@link checkProfile} (and everything built on it) with every
 * offending path listed, not only the first.
 *
 * @example
 * try { checkProfile(z.object({ n: z.string().default('x') })) }
 * catch (error) { (error as AgentSchemaProfileError).violations } // [{ path: 'n', reason: 'default …' }]
 */
export class AgentSchemaProfileError extends Error {
  override readonly name = 'AgentSchemaProfileError';
  constructor(
    readonly schemaName: string,
    readonly violations: readonly ProfileViolation[],
  ) {
    super(`${schemaName} is outside the AgentSchema profile:\n${violations.map((v) => `  ${v.path}: ${v.reason}`).join('\n')}`);
  }
}

/** What the profile reads of a Zod 4 schema: its definition. */
interface ZodDef {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** The Zod 4 definition of a schema, or undefined for anything else. */
export function zodDefOf(schema: unknown): ZodDef | undefined {
  const def = (schema as { _zod?: { def?: unknown } } | null | undefined)?._zod?.def;
  return typeof def === 'object' && def !== null && typeof (def as { type?: unknown }).type === 'string' ? (def as ZodDef) : undefined;
}

/** Checks Zod runs that JSON Schema states too (lengths, bounds, formats, patterns). */
const JSON_CHECKS: ReadonlySet<string> = new Set([
  'min_length',
  'max_length',
  'length_equals',
  'string_format',
  'greater_than',
  'less_than',
  'multiple_of',
  'number_format',
]);

/** Annotations that describe a field to the model; any other metadata is raw JSON Schema. */
const DESCRIPTIVE_METADATA: ReadonlySet<string> = new Set(['description', 'title']);

/** Beyond this the schema is refused rather than walked (providers cap nesting far lower). */
const MAX_PROFILE_DEPTH = 32;

/** Why a wrapper or type is outside the profile. */
const REFUSED: Readonly<Record<string, string>> = {
  default: 'default (.default) fills a value silently; declare it in the contract\'s `defaults` so the fill is recorded',
  prefault: 'default (.prefault) fills a value silently; declare it in the contract\'s `defaults` so the fill is recorded',
  catch: '.catch replaces an invalid value instead of reporting it',
  transform: 'transform changes the value while validating it; providers cannot express it',
  pipe: 'pipe (.pipe) decodes in two steps; providers see only one schema',
  lazy: 'recursive schema (z.lazy): providers need a finite schema',
  record: 'record (index signature) accepts arbitrary keys; a closed schema names every key',
  map: 'Map has no JSON form',
  set: 'Set has no JSON form',
  date: 'Date has no JSON form; use z.iso.datetime()',
  bigint: 'bigint has no JSON form',
  symbol: 'symbol has no JSON form',
  undefined: 'undefined has no JSON form; use .optional() on an object property',
  void: 'void has no JSON form',
  never: 'never accepts no value',
  any: 'any is not closed: providers need a type',
  unknown: 'unknown is not closed: providers need a type',
  nan: 'NaN has no JSON form',
  null: 'null literal: use .nullable() on a non-literal schema',
  tuple: 'tuple: providers do not accept positional item schemas',
  intersection: 'intersection: merge the objects into one z.object',
  readonly: 'readonly is not in the profile',
  nonoptional: 'nonoptional is not in the profile; leave .optional() out instead',
  template_literal: 'template literal: providers cannot express it; use z.string().regex()',
  promise: 'promise has no JSON form',
  function: 'function has no JSON form',
  custom: 'custom schema (z.custom/z.instanceof) validates with code',
  file: 'File has no JSON form',
  success: 'success is not in the profile',
};

interface Walk {
  readonly violations: ProfileViolation[];
  /** Schemas on the way down from the root: meeting one again is recursion. */
  readonly stack: Set<unknown>;
}

/** Joins a path: `issues` + `[]` → `issues[]`, `issues[]` + `line` → `issues[].line`. */
export function joinSchemaPath(parent: string, segment: string): string {
  if (segment === '[]') return `${parent}[]`;
  return parent === '' ? segment : `${parent}.${segment}`;
}

function report(walk: Walk, path: string, reason: string): void {
  walk.violations.push({ path: path === '' ? '(root)' : path, reason });
}

function checkAnnotations(walk: Walk, schema: object, def: ZodDef, path: string): void {
  const metadata = globalRegistry.get(schema as never) as Record<string, unknown> | undefined;
  for (const key of Object.keys(metadata ?? {})) {
    if (!DESCRIPTIVE_METADATA.has(key)) report(walk, path, `annotation "${key}" is raw JSON Schema; only description and title are in the profile`);
  }
  if (def.coerce === true) report(walk, path, 'coercion (z.coerce) converts the input instead of validating it');
  // A format schema (z.email()) is itself a check; other checks sit in `checks`.
  const kinds = ((def.checks as readonly { _zod?: { def?: { check?: unknown } } }[] | undefined) ?? []).map((check) => check._zod?.def?.check);
  if (def.check !== undefined && def.type !== 'custom') kinds.push(def.check);
  for (const kind of kinds) {
    if (kind === 'custom') report(walk, path, 'refinement (.refine/.superRefine/.check) validates with code that providers cannot see');
    else if (kind === 'overwrite') report(walk, path, 'rewrite (.trim/.toLowerCase/.overwrite…) changes the value while validating it');
    else if (typeof kind === 'string' && !JSON_CHECKS.has(kind)) report(walk, path, `check "${kind}" has no JSON Schema equivalent`);
  }
}

/** True when the schema, under nullable/optional wrappers, is a literal (nullable literals are refused). */
function isLiteral(schema: unknown): boolean {
  let def = zodDefOf(schema);
  while (def !== undefined && (def.type === 'nullable' || def.type === 'optional')) def = zodDefOf(def.innerType);
  return def?.type === 'literal';
}

function checkLiteral(walk: Walk, def: ZodDef, path: string): void {
  for (const value of (def.values as readonly unknown[] | undefined) ?? []) {
    if (value === null) report(walk, path, 'null literal: use .nullable() on a non-literal schema');
    else if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') report(walk, path, `literal ${String(value)} has no JSON form`);
  }
}

/**
 * Walks one schema. `property` is true where `.optional()` has a JSON meaning:
 * directly as an object property (an absent key).
 */
function checkNode(walk: Walk, schema: unknown, path: string, property: boolean, depth: number): void {
  const def = zodDefOf(schema);
  if (def === undefined) return report(walk, path, 'not a Zod 4 schema');
  if (walk.stack.has(schema)) return report(walk, path, 'recursive schema: it contains itself; providers need a finite schema');
  if (depth > MAX_PROFILE_DEPTH) return report(walk, path, `nested deeper than ${MAX_PROFILE_DEPTH} levels`);
  walk.stack.add(schema);
  checkAnnotations(walk, schema as object, def, path);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
      break;
    case 'literal':
      checkLiteral(walk, def, path);
      break;
    case 'array':
      checkNode(walk, def.element, joinSchemaPath(path, '[]'), false, depth + 1);
      break;
    case 'object': {
      const catchall = zodDefOf(def.catchall);
      if (catchall !== undefined && catchall.type !== 'never') report(walk, path, 'index signature (.catchall/.passthrough/.loose) accepts arbitrary keys; a closed schema names every key');
      const shape = def.shape as Record<string, unknown>;
      for (const key of Object.keys(shape)) checkNode(walk, shape[key], joinSchemaPath(path, key), true, depth + 1);
      break;
    }
    case 'union':
      (def.options as readonly unknown[]).forEach((option, i) => checkNode(walk, option, joinSchemaPath(path, `anyOf[${i}]`), false, depth + 1));
      break;
    case 'optional':
      if (!property) report(walk, path, '.optional() outside an object property has no JSON form (only a key can be absent)');
      checkNode(walk, def.innerType, path, false, depth + 1);
      break;
    case 'nullable':
      if (isLiteral(def.innerType)) report(walk, path, 'nullable literal: providers cannot combine a constant with null');
      checkNode(walk, def.innerType, path, false, depth + 1);
      break;
    case 'pipe':
      report(walk, path, zodDefOf(def.out)?.type === 'transform' ? REFUSED.transform! : REFUSED.pipe!);
      break;
    default:
      report(walk, path, REFUSED[def.type] ?? `"${def.type}" is not in the profile`);
  }
  walk.stack.delete(schema);
}

/**
 * Every place of a schema outside the AgentSchema profile; empty when it is inside.
 *
 * @example
 * profileViolations(z.object({ tags: z.record(z.string(), z.string()) }))
 * // [{ path: 'tags', reason: 'record (index signature) accepts arbitrary keys; …' }]
 */
export function profileViolations(input: unknown): ProfileViolation[] {
  const schema = isContract(input) ? input.schema : input;
  const walk: Walk = { violations: [], stack: new Set() };
  const root = zodDefOf(schema);
  if (root !== undefined && root.type !== 'object') report(walk, '', `the root must be an object (z.object), not ${root.type}`);
  checkNode(walk, schema, '', false, 0);
  return walk.violations;
}

/**
 * Checks a contract or Zod schema against the AgentSchema profile: an object
 * root built from strings, numbers, integers, booleans, arrays, literals,
 * enums, unions, optional properties, nullables and nested objects.
 *
 * @throws AgentSchemaProfileError listing every offending path and the reason.
 * @example
 * checkProfile(z.object({ title: z.string(), tags: z.array(z.string()).optional() })) // passes
 * checkProfile(z.object({ n: z.string().transform(Number) })) // throws: n: transform changes the value …
 */
export function checkProfile(input: unknown): void {
  const violations = profileViolations(input);
  if (violations.length > 0) throw new AgentSchemaProfileError(isContract(input) ? input.name : 'the schema', violations);
}
