/**
 * An example value generated from a Zod 4 schema, for prompts (the first
 * layer of the schema-enforcement seed: show the model the format). The raw
 * draft is then run through `safeParse` until it comes back unchanged, so the
 * example is canonical for the contract: it passes with zero interventions.
 */
import { isContract, type AnySchema, type Contract } from '../contract/contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { regexExample } from './regex-example.js';

interface ZodCheckDef {
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  prefix?: string;
  suffix?: string;
  includes?: string;
  pattern?: RegExp;
}

interface ZodDef {
  type?: string;
  format?: string;
  checks?: { _zod?: { def?: ZodCheckDef } }[];
  shape?: Record<string, unknown>;
  element?: unknown;
  items?: unknown[];
  keyType?: unknown;
  valueType?: unknown;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
}

/** Text of a string in the example: plain, so no repair or placeholder rule mistakes it for anything. */
const PLACEHOLDER = 'text';
/** Past this depth recursive schemas get their smallest value: empty lists, no optional fields. */
const SHALLOW_DEPTH = 8;
const MAX_DEPTH = 24;
/** Canonicalizing rounds: normalization is idempotent, so one more round than changes is enough. */
const MAX_ROUNDS = 3;
/** The absence of an example value (undefined is not JSON). */
const NONE = undefined;

/** Sample values of Zod's string formats, each accepted by its format check. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  email: 'user@example.com',
  url: 'https://example.com',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  guid: '123e4567-e89b-42d3-a456-426614174000',
  datetime: '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '12:00:00',
  duration: 'P1D',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  e164: '+15555550100',
  base64: 'dGV4dA==',
  base64url: 'dGV4dA',
  emoji: '🙂',
  lowercase: PLACEHOLDER,
  uppercase: PLACEHOLDER.toUpperCase(),
};

const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def;
const checksOf = (def: ZodDef): ZodCheckDef[] => (def.checks ?? []).map((c) => c._zod?.def ?? {});

function stringExample(def: ZodDef): string | undefined {
  let text = def.format === undefined ? PLACEHOLDER : FORMAT_SAMPLES[def.format];
  if (text === undefined) return NONE;
  for (const check of checksOf(def)) {
    if (check.check === 'string_format') {
      if (check.format === 'starts_with') text = `${check.prefix ?? ''}${text}`;
      else if (check.format === 'ends_with') text = `${text}${check.suffix ?? ''}`;
      else if (check.format === 'includes') text = `${text}${check.includes ?? ''}`;
      // A pattern too clever for the sampler keeps the text; validation is the judge either way.
      else if (check.format === 'regex' && check.pattern instanceof RegExp) text = regexExample(check.pattern) ?? text;
      else if (check.format !== undefined && FORMAT_SAMPLES[check.format] !== undefined) text = FORMAT_SAMPLES[check.format]!;
    }
  }
  for (const check of checksOf(def)) {
    const wanted = check.check === 'length_equals' ? check.length : check.check === 'min_length' ? check.minimum : undefined;
    if (wanted !== undefined && text.length < wanted) text = text.padEnd(wanted, 'x');
    const most = check.check === 'length_equals' ? check.length : check.check === 'max_length' ? check.maximum : undefined;
    if (most !== undefined && text.length > most) text = text.slice(0, most);
  }
  return text;
}

function numberExample(def: ZodDef): number {
  const integer = def.format === 'safeint' || checksOf(def).some((c) => c.check === 'number_format' && c.format === 'safeint');
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let lowOpen = false;
  let highOpen = false;
  let step = 0;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined) [low, lowOpen] = [check.value, !check.inclusive];
    if (check.check === 'less_than' && check.value !== undefined) [high, highOpen] = [check.value, !check.inclusive];
    if (check.check === 'multiple_of' && check.value !== undefined) step = check.value;
  }
  const fits = (n: number): boolean => (lowOpen ? n > low : n >= low) && (highOpen ? n < high : n <= high);
  // 1 when allowed; else the least integer above the lower bound; else the middle of a narrow range.
  let value = fits(1) ? 1 : Number.isFinite(low) ? (lowOpen ? Math.floor(low) + 1 : Math.ceil(low)) : highOpen ? Math.ceil(high) - 1 : Math.floor(high);
  if (!integer && !fits(value)) value = (low + high) / 2;
  if (step > 0) value = Math.ceil(value / step) * step;
  return value;
}

/**
 * `full` shows every field and one list element; `minimal` (the fallback when a
 * full draft breaks a cross-field rule) leaves out optional fields and lists of scalars.
 */
type DraftMode = 'full' | 'minimal';

function arrayLength(def: ZodDef, depth: number, mode: DraftMode, element: unknown): number {
  // A minimal draft still shows one record of a list of records, but no list of references.
  const shown = mode === 'full' || (typeof element === 'object' && element !== null && !Array.isArray(element));
  let length = depth >= SHALLOW_DEPTH || !shown ? 0 : 1;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) length = Math.max(length, check.minimum);
    if (check.check === 'length_equals' && check.length !== undefined) length = check.length;
    if (check.check === 'max_length' && check.maximum !== undefined) length = Math.min(length, check.maximum);
  }
  return length;
}

/** A draft example; undefined where the schema allows nothing JSON can hold. */
function draft(schema: unknown, depth: number, mode: DraftMode): unknown {
  const def = defOf(schema);
  if (def === undefined || depth > MAX_DEPTH) return NONE;
  switch (def.type) {
    case 'string':
      return stringExample(def);
    case 'number':
      return numberExample(def);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'any':
    case 'unknown':
      return PLACEHOLDER;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return draft(def.innerType, depth, mode);
    case 'pipe':
      return draft(def.in, depth, mode);
    case 'lazy':
      return typeof def.getter === 'function' ? draft(def.getter(), depth + 1, mode) : NONE;
    case 'union':
      return (def.options ?? []).map((option) => draft(option, depth, mode)).find((value) => value !== NONE);
    case 'array': {
      const element = draft(def.element, depth + 1, mode);
      const length = arrayLength(def, depth, mode, element);
      return length > 0 && element === NONE ? NONE : Array.from({ length }, () => structuredClone(element));
    }
    case 'tuple': {
      const items = (def.items ?? []).map((item) => draft(item, depth + 1, mode));
      return items.includes(NONE) ? NONE : items;
    }
    case 'record': {
      const value = draft(def.valueType, depth + 1, mode);
      const keyDef = defOf(def.keyType);
      const key = keyDef?.type === 'string' ? stringExample(keyDef) : 'key';
      const keys = keyDef?.type === 'enum' ? Object.values(keyDef.entries ?? {}).map(String) : key === NONE ? [] : [key];
      return value === NONE ? NONE : Object.fromEntries(keys.map((key) => [key, structuredClone(value)]));
    }
    case 'object':
      return objectExample(def, depth, mode);
    case 'intersection': {
      const left = draft(def.left, depth, mode);
      const right = draft(def.right, depth, mode);
      const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
      return isObject(left) && isObject(right) ? { ...left, ...right } : NONE;
    }
    default:
      return NONE;
  }
}

function objectExample(def: ZodDef, depth: number, mode: DraftMode): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    const optional = (child as { _zod?: { optin?: string } })._zod?.optin === 'optional';
    if (optional && (depth >= SHALLOW_DEPTH || mode === 'minimal')) continue;
    const value = draft(child, depth + 1, mode);
    if (value === NONE) {
      if (optional) continue;
      return NONE;
    }
    out[key] = value;
  }
  return out;
}

/**
 * An example value the contract accepts as-is (zero interventions), or
 * undefined when none can be generated (a non-Zod validator, a regex the
 * draft cannot meet, a transform whose output is no valid input).
 *
 * @example
 * exampleValue(z.object({ severity: z.enum(['critical', 'minor']), tags: z.array(z.string()) }))
 * // { severity: 'critical', tags: ['text'] }
 */
export function exampleValue(contract: Contract | AnySchema): unknown {
  const schema = isContract(contract) ? contract.schema : contract;
  for (const mode of ['full', 'minimal'] as const) {
    const example = canonical(draft(schema, 0, mode), contract);
    if (example !== NONE) return example;
  }
  return NONE;
}

/** Runs a draft through safeParse until it comes back with zero interventions. */
function canonical(draftValue: unknown, contract: Contract | AnySchema): unknown {
  let candidate = draftValue;
  for (let round = 0; round < MAX_ROUNDS && candidate !== NONE; round++) {
    const result = safeParse(JSON.stringify(candidate), contract);
    if (!result.success) return NONE;
    if (result.interventions.length === 0) return candidate;
    candidate = result.data;
  }
  return NONE;
}
