/**
 * Extras policy: keys a Zod object does not declare are stripped (recorded:
 * plain z.object would drop them silently), kept, or refused. Loose objects
 * always keep them; strict objects keep them for the schema to reject unless
 * the contract says `strip` or `error`.
 */
import type { Contract } from '../contract/contract.js';
import { planFor, type NormalizationPlan } from '../contract/normalization-plan.js';
import type { ExtrasPolicy } from '../contract/normalization-spec.js';
import { hasClosedObjectBelow, type SchemaModel } from '../contract/schema-model.js';
import type { Intervention, ValidationIssue } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, isPlainObject, objectFrom } from './value-tree.js';
import { walkScope, walkValue } from './walk-value.js';

function policyFor(model: SchemaModel, declared: ExtrasPolicy | undefined): ExtrasPolicy {
  if (model.kind !== 'object' || model.unknownKeys === 'keep') return 'keep';
  if (model.unknownKeys === 'reject') return declared === 'strip' || declared === 'error' ? declared : 'keep';
  return declared ?? 'strip';
}

/** Where the extras policy may act; exported for the fast clean check (shape-is-canonical.ts). */
export const EXTRAS_SCOPE = walkScope(
  (at, plan) => at.model.kind === 'object' && policyFor(at.model, plan.extras) !== 'keep',
  // Loose objects keep everything: only plain or strict objects below matter.
  (at) => hasClosedObjectBelow(at.model),
);

/**
 * The policy for extras of an object here, undefined where every key is kept.
 *
 * @example
 * extrasPolicyAt(objectModel, plan) // 'strip' for a plain z.object
 */
export function extrasPolicyAt(model: SchemaModel, plan: NormalizationPlan): 'strip' | 'error' | undefined {
  const policy = policyFor(model, plan.extras);
  return policy === 'keep' ? undefined : policy;
}

/**
 * Whether an object here has a key its (object) model does not declare.
 *
 * @example
 * hasUndeclaredKey(['action', 'severity'], objectModel) // true when `severity` is undeclared
 */
export function hasUndeclaredKey(keys: readonly string[], model: SchemaModel): boolean {
  if (model.kind !== 'object') return false;
  for (const key of keys) if (!model.shape.has(key)) return true;
  return false;
}

/**
 * Applies the contract's extras policy to every object the schema describes.
 *
 * @example
 * applyExtrasPolicy({ action: 'a', warning: 'w', severity: 'high' }, contract).interventions[0].rule // 'extra_key_stripped'
 */
export function applyExtrasPolicy(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  const moved = options.movedKeys;
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  const issues: ValidationIssue[] = [];
  const out = walkValue(value, plan, (node, location, keys) => {
    const { model } = location;
    if (keys === undefined || !isPlainObject(node) || model.kind !== 'object') return node;
    const policy = extrasPolicyAt(model, plan);
    if (policy === undefined) return node;
    if (!hasUndeclaredKey(keys, model)) return node;
    const extras = keys.filter((k) => !model.shape.has(k));
    if (policy === 'error') {
      issues.push({ path: formatPath(location.path), message: `Unrecognized key(s): ${extras.map((k) => `'${k}'`).join(', ')}` });
      return node;
    }
    const displaced = moved === undefined ? [] : extras.filter((k) => moved.has(k));
    if (displaced.length > 0) {
      const names = displaced.map((k) => `"${k}"`).join(', ');
      issues.push({ path: formatPath(location.path), message: `Key(s) ${names} at ${formatPath(location.path)} sit on lines a YAML repair moved, and the contract does not declare them here: refusing rather than dropping them.` });
      return node;
    }
    for (const key of extras) {
      const message = `Stripped key "${key}" at ${formatPath(location.path)}: the contract does not declare it.`;
      interventions.push(normalizeChange('extra_key_stripped', 'dropped', message, [...location.path, key], excerpt(node[key]), ''));
    }
    return objectFrom(keys.filter((k) => model.shape.has(k)).map((k) => [k, node[k]] as const));
  }, 'pre', EXTRAS_SCOPE);
  if (issues.length > 0) {
    const message = issues[0]!.message.includes('YAML repair moved') ? 'A YAML repair moved keys the contract does not declare where they landed; they were not dropped.' : 'The output has keys the contract does not declare.';
    return { value, interventions: [], failure: { message, issues } };
  }
  return { value: out, interventions };
}
