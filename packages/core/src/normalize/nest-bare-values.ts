/**
 * Bare values where the contract expects an object (output-normalization
 * seed): a file effect emitted as a plain path, a flat dependency list where
 * `{ blocked_by: [...] }` is expected. The contract names the key the value
 * belongs under (`nest`); the value itself is kept, nothing is invented.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, isPlainObject, objectFrom } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/**
 * Nests bare values under the contract's key for their place.
 *
 * @example
 * nestBareValues({ file_effects: ['src/a.ts'] }, contract).value // { file_effects: [{ path: 'src/a.ts' }] }
 */
export function nestBareValues(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'nest', 'pre', (node, key, { path, model }) => {
    if (node === undefined || node === null || isPlainObject(node) || (model.kind !== 'object' && model.kind !== 'unknown')) return node;
    const nested = objectFrom([[key, node]]);
    const message = `Nested ${excerpt(node)} at ${formatPath(path)} under "${key}".`;
    interventions.push(normalizeChange('value_nested', 'cleanup', message, path, excerpt(node), excerpt(nested)));
    return nested;
  });
  return { value: out, interventions };
}
