/**
 * Extras policy: keys a Zod object does not declare are stripped (recorded:
 * plain z.object would drop them silently), kept, or refused. Loose objects
 * always keep them; strict objects keep them for the schema to reject unless
 * the contract says `strip` or `error`.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { ExtrasPolicy } from '../contract/normalization-spec.js';
import { hasObjectBelow, type SchemaModel } from '../contract/schema-model.js';
import type { Intervention, ValidationIssue } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, isPlainObject, objectFrom } from './value-tree.js';
import { walkValue } from './walk-value.js';

function policyFor(model: SchemaModel, declared: ExtrasPolicy | undefined): ExtrasPolicy {
  if (model.kind !== 'object' || model.unknownKeys === 'keep') return 'keep';
  if (model.unknownKeys === 'reject') return declared === 'strip' || declared === 'error' ? declared : 'keep';
  return declared ?? 'strip';
}

/**
 * Applies the contract's extras policy to every object the schema describes.
 *
 * @example
 * applyExtrasPolicy({ action: 'a', warning: 'w', severity: 'high' }, contract).interventions[0].rule // 'extra_key_stripped'
 */
export function applyExtrasPolicy(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  const issues: ValidationIssue[] = [];
  const out = walkValue(value, plan.model, (node, location) => {
    const { model } = location;
    if (!isPlainObject(node) || model.kind !== 'object') return node;
    const policy = policyFor(model, plan.extras);
    if (policy === 'keep') return node;
    const keys = Object.keys(node);
    const extras = keys.filter((k) => !model.shape.has(k));
    if (extras.length === 0) return node;
    if (policy === 'error') {
      issues.push({ path: formatPath(location.path), message: `Unrecognized key(s): ${extras.map((k) => `'${k}'`).join(', ')}` });
      return node;
    }
    for (const key of extras) {
      const message = `Stripped key "${key}" at ${formatPath(location.path)}: the contract does not declare it.`;
      interventions.push(normalizeChange('extra_key_stripped', 'dropped', message, [...location.path, key], excerpt(node[key]), ''));
    }
    return objectFrom(keys.filter((k) => model.shape.has(k)).map((k) => [k, node[k]] as const));
  }, 'pre', (location) => hasObjectBelow(location.model));
  if (issues.length > 0) return { value, interventions: [], failure: { message: 'The output has keys the contract does not declare.', issues } };
  return { value: out, interventions };
}
