/**
 * Runtime-context fills (output-normalization seed): a field declared to
 * equal a context value (`ticket_id`) is filled when missing and
 * canonicalized to the context value when it differs. The context is the only
 * source besides the text and the contract a fill may use.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, deepEqual, excerpt, getOwn, hasOwn, setOwn } from './value-tree.js';
import { walkFieldRules } from './walk-value.js';

/**
 * Fills or canonicalizes context-bound fields.
 *
 * @example
 * fillFromContext({ ticket_id: 'T-9' }, prd, { context: { ticket_id: 'T-1' } }).interventions[0].message
 * // 'Canonicalized ticket_id from "T-9" to "T-1".'
 */
export function fillFromContext(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  const context = options.context;
  if (context === undefined) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  const plan = planFor(contract);
  const out = walkFieldRules(value, plan, 'context', 'pre', (object, fields, { path }) => {
    let copy: Record<string, unknown> | null = null;
    for (const [key, contextKey] of fields) {
      if (!hasOwn(context, contextKey) || context[contextKey] === undefined) continue;
      const wanted = context[contextKey];
      const current = getOwn(object, key);
      if (deepEqual(current, wanted)) continue;
      const field = formatPath([...path, key]);
      const message = current === undefined ? `Filled missing ${field} from runtime context.` : `Canonicalized ${field} from ${excerpt(current)} to ${excerpt(wanted)}.`;
      interventions.push(normalizeChange(current === undefined ? 'context_filled' : 'context_canonicalized', 'cleanup', message, [...path, key], current === undefined ? '' : excerpt(current), excerpt(wanted)));
      setOwn((copy ??= copyObject(object)), key, wanted);
    }
    return copy ?? object;
  });
  return { value: out, interventions };
}
