/**
 * Schema-guided coercions: a single value where a list is expected becomes a
 * one-item list, numeric strings become numbers, "true"/"false" booleans,
 * enum values are case-folded, and declared synonym tables map drifted values
 * (including booleans and 0/1 buckets) to their canonical value.
 */
import type { Contract } from '../contract/contract.js';
import { planFor, synonymKey, type CompiledSynonyms, type NormalizationPlan } from '../contract/normalization-plan.js';
import { hasCoercibleBelow, isCoercible, type SchemaModel } from '../contract/schema-model.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeCode } from './codes.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt } from './value-tree.js';
import { walkScope, walkValue } from './walk-value.js';

const NUMERIC = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A string holding a JSON list is that list (schema-aligned parsing reads it), not a one-item list of text. */
function holdsJsonList(node: unknown): boolean {
  if (typeof node !== 'string' || node.trimStart()[0] !== '[') return false;
  try {
    return Array.isArray(JSON.parse(node));
  } catch {
    return false;
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The enum/synonym value a scalar stands for, with the rule that found it; null when none. */
function canonicalOf(value: string | number | boolean, model: SchemaModel, synonyms: CompiledSynonyms | undefined): [NormalizeCode, unknown] | null {
  const values = model.kind === 'enum' ? model.values : [];
  if (values.includes(value) || (typeof value === 'string' && synonyms?.canonicals.has(value) === true)) return null;
  if (typeof value === 'string') {
    const folded = value.trim().toLowerCase();
    const matches = values.filter((v) => typeof v === 'string' && v.toLowerCase() === folded);
    if (matches.length === 1) return ['enum_case_folded', matches[0]];
  }
  const key = synonymKey(value);
  const mapped = key === undefined ? undefined : synonyms?.lookup.get(key);
  if (mapped !== undefined) return mapped === value ? null : ['synonym_mapped', mapped];
  if (synonyms?.fallback !== undefined) return ['synonym_fallback', synonyms.fallback];
  return null;
}

/**
 * The synonym table of a place, if any (most contracts declare none: no lookup then).
 *
 * @example
 * synonymsAt(plan, 'items[].status') // { lookup, canonicals, fallback? }
 */
export function synonymsAt(plan: NormalizationPlan, pattern: string): CompiledSynonyms | undefined {
  return plan.synonyms.size === 0 ? undefined : plan.synonyms.get(pattern);
}

/**
 * The coercion of one node toward its schema, with its rule; null when it stays as it is.
 *
 * @example
 * coerceNode('3', { kind: 'number', integer: true }, undefined) // ['string_to_number', 3]
 */
export function coerceNode(node: unknown, model: SchemaModel, synonyms: CompiledSynonyms | undefined): [NormalizeCode, unknown] | null {
  if (model.kind === 'array') return node === undefined || node === null || Array.isArray(node) || holdsJsonList(node) ? null : ['coerced_to_array', [node]];
  if (model.kind === 'number' && typeof node === 'string' && NUMERIC.test(node)) {
    const n = Number(node);
    return Number.isFinite(n) && (!model.integer || Number.isInteger(n)) ? ['string_to_number', n] : null;
  }
  if (model.kind === 'boolean' && typeof node === 'string') {
    const word = node.trim().toLowerCase();
    return word === 'true' ? ['string_to_boolean', true] : word === 'false' ? ['string_to_boolean', false] : null;
  }
  if ((model.kind === 'enum' || synonyms !== undefined) && isScalar(node)) return canonicalOf(node, model, synonyms);
  return null;
}

function describe(rule: NormalizeCode, path: ValuePath, before: unknown, after: unknown): string {
  const where = formatPath(path);
  switch (rule) {
    case 'coerced_to_array':
      return `Coerced ${where} from a single value to a one-item array.`;
    case 'synonym_fallback':
      return `Normalized unsupported value ${excerpt(before)} at ${where} to ${excerpt(after)}.`;
    default:
      return `Normalized ${where} from ${excerpt(before)} to ${excerpt(after)}.`;
  }
}

/** Where coercion may act; exported for the fast clean check (shape-is-canonical.ts). */
export const COERCE_SCOPE = walkScope(
  // coerceNode leaves every other place as it is.
  (at, plan) => isCoercible(at.model) || plan.synonyms.has(at.pattern),
  (at, plan) => hasCoercibleBelow(at.model) || plan.prefixes.synonyms.has(at.pattern),
);

/**
 * Coerces values toward the schema's types and the contract's synonym tables.
 *
 * @example
 * coerceBySchema({ tags: 'x', count: '3', status: 'Completed' }, contract).value
 * // { tags: ['x'], count: 3, status: 'done' }
 */
export function coerceBySchema(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  const out = walkValue(value, plan, (node, location) => {
    const change = coerceNode(node, location.model, synonymsAt(plan, location.pattern));
    if (change === null) return node;
    const [rule, after] = change;
    interventions.push(normalizeChange(rule, 'cleanup', describe(rule, location.path, node, after), location.path, excerpt(node), excerpt(after)));
    return after;
  }, 'pre', COERCE_SCOPE);
  return { value: out, interventions };
}
