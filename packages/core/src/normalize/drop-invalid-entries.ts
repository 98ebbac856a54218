/**
 * Entries the contract lets go (output-normalization seed, refinement
 * changes): in a list declared with `drop`, an entry that is not an object, or
 * whose listed enum field holds no value of the enum, is dropped and recorded
 * instead of failing the whole artifact. Runs after coercion, so `Modified`
 * already reads `modified`.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, getOwn, isPlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/** The first listed key whose value is not one of its enum's values, if any. */
function invalidKey(entry: Record<string, unknown>, keys: readonly string[], element: SchemaModel): string | undefined {
  if (element.kind !== 'object') return undefined;
  return keys.find((key) => {
    const model = element.shape.get(key);
    return model?.kind === 'enum' && !model.values.includes(getOwn(entry, key));
  });
}

/**
 * Drops the entries a contract declares droppable.
 *
 * @example
 * dropInvalidEntries({ changes: ['x', { type: 'renamed' }, { type: 'added' }] }, contract).value
 * // { changes: [{ type: 'added' }] }   with drop: { changes: { nonObject: true, invalid: ['type'] } }
 */
export function dropInvalidEntries(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'drop', 'pre', (node, rule, { path, model }) => {
    if (!Array.isArray(node)) return node;
    const element = model.kind === 'array' ? model.element : model;
    const kept = node.filter((entry, index) => {
      const where = [...path, index];
      if (!isPlainObject(entry)) {
        if (rule.nonObject !== true) return true;
        interventions.push(normalizeChange('non_object_entry_dropped', 'dropped', `Dropped non-object entry at ${formatPath(where)}.`, where, excerpt(entry), ''));
        return false;
      }
      const key = invalidKey(entry, rule.invalid ?? [], element);
      if (key === undefined) return true;
      interventions.push(normalizeChange('invalid_entry_dropped', 'dropped', `Dropped entry at ${formatPath(where)}: invalid ${key}.`, where, excerpt(entry), ''));
      return false;
    });
    return kept.length === node.length ? node : kept;
  });
  return { value: out, interventions };
}
