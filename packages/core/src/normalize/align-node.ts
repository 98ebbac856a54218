/**
 * Schema-aligned reading of one node: what the value at a place means for
 * the schema there. Implied structure (an object from its only required
 * field, from a one-item list, from JSON in a string), null against optional
 * and nullable fields, and scalars read from text (the enum ladder, numbers
 * with separators, a true/false word). Unions are resolved by the caller.
 */
import type { SchemaModel } from '../contract/schema-model.js';
import type { ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { AlignCode } from './align-codes.js';
import type { NormalizeCode } from './codes.js';
import { matchEnum, type EnumNames, type EnumRule } from './match-enum.js';
import { readNumber } from './read-number.js';
import { copyObject, hasOwn, isPlainObject, setOwn } from './value-tree.js';

/** One recorded change; `key` names the field of an object node it concerns. */
export interface AlignStep {
  readonly rule: AlignCode | NormalizeCode;
  readonly key?: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The node's new value with its steps, a refusal (an ambiguity), or null when nothing applies. */
export type NodeAlignment = { value: unknown; steps: AlignStep[] } | { refuse: string } | null;

const NO_NAMES: EnumNames = { values: [], aliases: new Map() };
/**
 * `yes` / `no` are a boolean only as the whole answer (`**Yes**`, `No.`): as words in prose they
 * are everywhere (`no doubt it is true`). Case is no evidence either way (`TRUE` = `true`).
 */
const BOOLEAN_NAMES: EnumNames = { values: [true, false], aliases: new Map([[true, ['yes']], [false, ['no']]]), caseless: true, proseAliases: false };
const BOOLEAN_RULES = { enum_case_folded: 'string_to_boolean', enum_mention_found: 'boolean_mentioned', enum_alias_matched: 'boolean_from_yes_no' } as const;

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function changed(rule: AlignCode, before: unknown, after: unknown): NodeAlignment {
  return { value: after, steps: [{ rule, before, after }] };
}

function quote(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(' and ');
}

/** JSON held in a string, when it parses to the kind of structure wanted. */
function parsedStructure(text: string, wantArray: boolean): unknown {
  const trimmed = text.trim();
  if (trimmed[0] !== (wantArray ? '[' : '{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return wantArray ? (Array.isArray(parsed) ? parsed : undefined) : isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Null where the field is optional but not nullable goes; a missing nullable required field becomes null. */
function alignNulls(node: Record<string, unknown>, model: Extract<SchemaModel, { kind: 'object' }>): NodeAlignment {
  const steps: AlignStep[] = [];
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(node)) {
    if (node[key] === null && model.shape.has(key) && !model.required.has(key) && !model.nullable.has(key)) {
      copy ??= copyObject(node);
      delete copy[key];
      steps.push({ rule: 'null_optional_removed', key, before: null, after: undefined });
    }
  }
  for (const key of model.required) {
    if (model.nullable.has(key) && !hasOwn(node, key)) {
      setOwn((copy ??= copyObject(node)), key, null);
      steps.push({ rule: 'null_filled', key, before: undefined, after: null });
    }
  }
  return copy === null ? null : { value: copy, steps };
}

/**
 * An object with none of the keys declared at its place, where the place has exactly one
 * required field: the object is that field's value (`[{function_name, radius}]` for
 * `[{ selected: Circle | Square }]`). Validation of the whole decides whether it fits.
 */
function wrapInField(node: Record<string, unknown>, model: Extract<SchemaModel, { kind: 'object' }>): NodeAlignment {
  if (model.required.size !== 1) return null;
  const keys = Object.keys(node);
  if (keys.length === 0 || keys.some((k) => model.shape.has(k))) return null;
  const [key] = model.required;
  // Only into a field that declares some of the object's keys: a record or an unknown
  // field would take any object, and that is a guess.
  if (!declaresAnyOf(model.shape.get(key!), keys)) return null;
  const out: Record<string, unknown> = {};
  setOwn(out, key!, node);
  return changed('object_wrapped_in_field', node, out);
}

/** True when the model is an object (or a union with an object branch) declaring one of `keys`. */
function declaresAnyOf(model: SchemaModel | undefined, keys: readonly string[]): boolean {
  if (model?.kind === 'object') return keys.some((k) => model.shape.has(k));
  if (model?.kind === 'union') return model.options.some((o) => declaresAnyOf(o, keys));
  return false;
}

function alignObject(node: unknown, model: Extract<SchemaModel, { kind: 'object' }>, atRoot: boolean): NodeAlignment {
  if (isPlainObject(node)) return wrapInField(node, model) ?? alignNulls(node, model);
  if (Array.isArray(node)) return node.length === 1 && isPlainObject(node[0]) ? changed('object_from_single_array', node, node[0]) : null;
  // A stringified root is the JSON repairer's (`stringified_json_unwrapped`, with its span).
  if (typeof node === 'string' && !atRoot) {
    const parsed = parsedStructure(node, false);
    if (parsed !== undefined) return changed('json_string_parsed', node, parsed);
  }
  if (isScalar(node) && model.required.size === 1) {
    const [key] = model.required;
    const out: Record<string, unknown> = {};
    setOwn(out, key!, node);
    return changed('object_from_scalar', node, out);
  }
  return null;
}

/** A scalar wrapped in a one-item list or a one-key object. */
function unwrapScalar(node: unknown): NodeAlignment {
  if (Array.isArray(node)) return node.length === 1 && isScalar(node[0]) ? changed('scalar_from_single_array', node, node[0]) : null;
  if (isPlainObject(node)) {
    const keys = Object.keys(node);
    const only = keys.length === 1 ? node[keys[0]!] : undefined;
    return isScalar(only) ? changed('scalar_from_object', node, only) : null;
  }
  return null;
}

/**
 * A list of several items where one allowed value is wanted, exactly one item being an
 * allowed value as written (`["TWO", "FOUR"]` → `TWO`); two allowed values are left to fail.
 */
function onlyAllowedInList(node: unknown, values: readonly unknown[]): NodeAlignment {
  if (!Array.isArray(node) || node.length < 2) return null;
  const allowed = [...new Set(node.filter((item) => values.includes(item)))];
  return allowed.length === 1 ? changed('enum_from_list', node, allowed[0]) : null;
}

function fromMatch(node: unknown, where: string, match: ReturnType<typeof matchEnum>, rules?: Readonly<Partial<Record<EnumRule, AlignCode | 'string_to_boolean'>>>): NodeAlignment {
  if (match === null) return null;
  if ('ambiguous' in match) return { refuse: `Ambiguous value at ${where}: the text mentions ${quote(match.ambiguous)} with equal weight; refusing to choose.` };
  return { value: match.value, steps: [{ rule: rules?.[match.rule] ?? match.rule, before: node, after: match.value }] };
}

/**
 * Aligns one node to the model of its place.
 *
 * @example
 * alignNode('The answer is **One**', { kind: 'enum', values: ['ONE', 'TWO'] }, [])
 * // { value: 'ONE', steps: [{ rule: 'enum_mention_found', … }] }
 * alignNode(1214, schemaModel(z.object({ foo: z.number() })), []) // { value: { foo: 1214 }, … }
 */
export function alignNode(node: unknown, model: SchemaModel, path: ValuePath, names: EnumNames = NO_NAMES): NodeAlignment {
  const where = formatPath(path);
  const atRoot = path.length === 0;
  switch (model.kind) {
    case 'object':
      return alignObject(node, model, atRoot);
    case 'array': {
      const parsed = typeof node === 'string' && !atRoot ? parsedStructure(node, true) : undefined;
      return parsed === undefined ? null : changed('json_string_parsed', node, parsed);
    }
    case 'enum':
      if (model.values.includes(node)) return null;
      if (isScalar(node)) return fromMatch(node, where, matchEnum(String(node), { values: model.values, aliases: names.aliases }));
      return onlyAllowedInList(node, model.values) ?? unwrapScalar(node);
    case 'number': {
      if (typeof node !== 'string') return typeof node === 'number' ? null : unwrapScalar(node);
      const read = readNumber(node);
      if (read === null) return null;
      if ('ambiguous' in read) return { refuse: `Ambiguous number at ${where}: the text mentions ${quote(read.ambiguous)}; refusing to choose.` };
      return model.integer && !Number.isInteger(read.value) ? null : changed(read.rule, node, read.value);
    }
    case 'boolean':
      if (typeof node === 'string') return fromMatch(node, where, matchEnum(node, BOOLEAN_NAMES), BOOLEAN_RULES);
      return typeof node === 'boolean' ? null : unwrapScalar(node);
    case 'string':
      if (typeof node === 'number' || typeof node === 'boolean') return changed('scalar_to_string', node, String(node));
      return Array.isArray(node) && node.length === 1 && typeof node[0] === 'string' ? changed('scalar_from_single_array', node, node[0]) : null;
    default:
      return null;
  }
}
