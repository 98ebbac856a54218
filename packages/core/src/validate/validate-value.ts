/**
 * Validation against the contract's schema, with issues formatted as
 * `path: message` in the style of the cadre contracts seed:
 * `issues[0].severity: Expected 'critical' | 'major' | 'minor', received 'high'`.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnySchema } from '../contract/contract.js';
import type { ValidationIssue } from '../types.js';

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * A verdict whose issues are worded only when asked for: the candidate loop rejects many values
 * whose issues nobody reads (only the reported failure's are), and wording them costs a second
 * Zod parse (see {@link checkValue}).
 */
export type CheckOutcome<T> = { ok: true; value: T } | { ok: false; issues: () => ValidationIssue[] };

/** `['issues', 0, 'severity']` → `issues[0].severity`; the root is `(root)`. */
export function formatPath(path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string {
  if (path === undefined || path.length === 0) return '(root)';
  let out = '';
  for (const segment of path) {
    const key = typeof segment === 'object' ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'object') return 'object';
  return String(value);
}

interface ZodIssueLike {
  code?: string;
  message: string;
  path?: PropertyKey[];
  expected?: string;
  values?: unknown[];
  input?: unknown;
  keys?: string[];
  /** A discriminated union's key and allowed values (`invalid_union` with note "No matching discriminator"). */
  discriminator?: string;
  options?: unknown[];
}

function quoteValues(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(' | ');
}

/** A discriminated union whose key is missing or holds no allowed value: worded like any field. */
function discriminatorMessage(issue: ZodIssueLike): string | undefined {
  const input = issue.input;
  if (typeof issue.discriminator !== 'string' || input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  if (!Object.hasOwn(input, issue.discriminator)) return 'Required';
  const value = (input as Record<string, unknown>)[issue.discriminator];
  return Array.isArray(issue.options) ? `Expected ${quoteValues(issue.options)}, received ${describe(value)}` : undefined;
}

/** Seed-style message for the common Zod issue codes; Zod's own message otherwise. */
function messageOf(issue: ZodIssueLike): string {
  // A missing field reads the same whatever its type (enum, literal, union or plain type).
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')) return 'Required';
  const discriminator = issue.code === 'invalid_union' ? discriminatorMessage(issue) : undefined;
  if (discriminator !== undefined) return discriminator;
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    return `Expected ${quoteValues(issue.values)}, received ${describe(issue.input)}`;
  }
  if (issue.code === 'invalid_type' && issue.expected !== undefined) {
    return `Expected ${issue.expected}, received ${describe(issue.input)}`;
  }
  if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) {
    return `Unrecognized key(s): ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return issue.message;
}

interface ZodSafeParse {
  safeParse(value: unknown, params?: { reportInput?: boolean }): { success: true; data: unknown } | { success: false; error: { issues: ZodIssueLike[] } };
}

/** The schema as Zod 4 when it is one (its own `safeParse`), else undefined. */
function asZod(schema: unknown): ZodSafeParse | undefined {
  const zod = schema as Partial<ZodSafeParse> & { _zod?: unknown };
  return zod._zod !== undefined && typeof zod.safeParse === 'function' ? (zod as ZodSafeParse) : undefined;
}

/**
 * Validates a value. Never throws: a throwing or async validator becomes an issue.
 *
 * @example
 * validateValue(z.object({ n: z.number() }), { n: 'x' })
 * // { ok: false, issues: [{ path: 'n', message: "Expected number, received 'x'" }] }
 */
export function validateValue<T>(schema: AnySchema<T>, value: unknown): ValidationOutcome<T> {
  const checked = checkValue(schema, value);
  return checked.ok ? checked : { ok: false, issues: checked.issues() };
}

function thrown(error: unknown): ValidationIssue[] {
  return [{ path: '(root)', message: `The schema threw: ${(error as Error)?.message ?? String(error)}` }];
}

/** Issues known already, behind the same thunk as worded ones. */
function known(issues: ValidationIssue[]): CheckOutcome<never> {
  return { ok: false, issues: () => issues };
}

/**
 * {@link validateValue} with the issues worded on demand. The verdict is the plain parse's: with
 * any parse parameter (even `reportInput`) Zod 4 leaves its compiled fast path, which doubled
 * the cost of a valid object (1.0 → 2.2 µs for a bench artifact), so a value is parsed plainly,
 * and parsed again with `reportInput`, for the inputs the messages quote, only when its issues
 * are read (once; the thunk keeps them). Never throws, nor does the thunk.
 *
 * @example
 * const checked = checkValue(z.object({ n: z.number() }), { n: 'x' });
 * if (!checked.ok) checked.issues() // [{ path: 'n', message: "Expected number, received 'x'" }]
 */
export function checkValue<T>(schema: AnySchema<T>, value: unknown): CheckOutcome<T> {
  try {
    const zod = asZod(schema);
    if (zod !== undefined) {
      const plain = zod.safeParse(value);
      if (plain.success) return { ok: true, value: plain.data as T };
      let issues: ValidationIssue[] | undefined;
      return { ok: false, issues: () => (issues ??= zodIssues(zod, value)) };
    }
    const result = schema['~standard'].validate(value);
    if (result instanceof Promise) {
      return known([{ path: '(root)', message: 'The schema validates asynchronously; safeParse needs a synchronous schema.' }]);
    }
    if (result.issues === undefined) return { ok: true, value: (result as StandardSchemaV1.SuccessResult<T>).value };
    return known(result.issues.map((i) => ({ path: formatPath(i.path), message: i.message })));
  } catch (error) {
    return known(thrown(error));
  }
}

/** The issues of a value Zod refused, worded from a second parse that reports the inputs. */
function zodIssues(zod: ZodSafeParse, value: unknown): ValidationIssue[] {
  try {
    const result = zod.safeParse(value, { reportInput: true });
    // A schema that refuses a value once and takes it the next time (a refinement with state).
    if (result.success) return [{ path: '(root)', message: 'The schema refused the value, then accepted it when parsed again.' }];
    return result.error.issues.map((i) => ({ path: formatPath(i.path), message: messageOf(i) }));
  } catch (error) {
    return thrown(error);
  }
}

/**
 * Whether a value validates, without the issues: one plain parse (see {@link validateValue}).
 *
 * @example
 * isValid(z.number(), 1) // true
 * isValid(z.number(), 'x') // false
 */
export function isValid(schema: AnySchema, value: unknown): boolean {
  try {
    const zod = asZod(schema);
    if (zod !== undefined) return zod.safeParse(value).success;
    const result = schema['~standard'].validate(value);
    return !(result instanceof Promise) && result.issues === undefined;
  } catch {
    return false;
  }
}
