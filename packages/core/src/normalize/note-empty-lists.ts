/**
 * Notices (output-normalization seed, beads without PRD references): an
 * empty list the schema accepts but a reader should know about is recorded
 * with rule `empty_list_noted`. The value is not changed, so a notice does not
 * count as a repair: `normalized` and `repairApplied` ignore it, and repair
 * profiles never refuse it.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { walkPatternRules } from './walk-value.js';

/** Rules that record without changing anything (`union_keys_kept`: keep-union-keys.ts, the value is kept as written). */
export const NOTICE_CODES: ReadonlySet<string> = new Set(['empty_list_noted', 'union_keys_kept']);

/** True for an intervention that changed something (every rule but the notices). */
export function isChange(intervention: Intervention): boolean {
  return !NOTICE_CODES.has(intervention.rule);
}

/**
 * Records a notice for each empty list the contract names.
 *
 * @example
 * noteEmptyLists({ beads: [{ id: 'a', prd_refs: [] }] }, contract).interventions[0].rule // 'empty_list_noted'
 */
export function noteEmptyLists(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  walkPatternRules(value, planFor(contract), 'noteEmpty', 'pre', (node, _rule, { path }) => {
    if (Array.isArray(node) && node.length === 0) {
      interventions.push({ ...normalizeChange('empty_list_noted', 'cleanup', `${formatPath(path)} is empty.`, path), stage: 'semantic_validation' });
    }
    return node;
  });
  return { value, interventions };
}
