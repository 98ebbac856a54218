/**
 * Contract-declared constant defaults (`relevance: 'medium'`), filled only
 * where the field is absent and recorded, unlike a schema `.default()` that
 * fills silently.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, excerpt, getOwn, setOwn } from './value-tree.js';
import { walkFieldRules } from './walk-value.js';

/**
 * Fills absent fields with the contract's defaults.
 *
 * @example
 * fillDefaults({ files: [{ path: 'a' }] }, contract).value // { files: [{ path: 'a', relevance: 'medium' }] }
 */
export function fillDefaults(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  const out = walkFieldRules(value, plan, 'defaults', 'pre', (object, fields, { path }) => {
    let copy: Record<string, unknown> | null = null;
    for (const [key, constant] of fields) {
      if (getOwn(object, key) !== undefined || constant === undefined) continue;
      const message = `Filled missing ${formatPath([...path, key])} with the contract default ${excerpt(constant)}.`;
      interventions.push(normalizeChange('default_filled', 'cleanup', message, [...path, key], '', excerpt(constant)));
      setOwn((copy ??= copyObject(object)), key, structuredClone(constant));
    }
    return copy ?? object;
  });
  return { value: out, interventions };
}
