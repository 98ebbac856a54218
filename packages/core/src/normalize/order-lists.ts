/**
 * List order declared by the contract (output-normalization seed, interview
 * questions): entries are sorted by one field's value order (foundation,
 * structure, assembly), keeping their relative order within a value; entries
 * with any other value follow, in their order.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { getOwn, isPlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/**
 * Sorts the contract's ordered lists, stably.
 *
 * @example
 * orderLists({ questions: [{ phase: 'assembly' }, { phase: 'foundation' }] }, contract).value
 * // { questions: [{ phase: 'foundation' }, { phase: 'assembly' }] }
 */
export function orderLists(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'order', 'pre', (node, { by, values }, { path }) => {
    if (!Array.isArray(node)) return node;
    const rank = (entry: unknown): number => {
      const at = isPlainObject(entry) ? values.indexOf(getOwn(entry, by) as string) : -1;
      return at < 0 ? values.length : at;
    };
    const ranks = node.map(rank);
    if (ranks.every((r, k) => k === 0 || ranks[k - 1]! <= r)) return node;
    const sorted = node.map((entry, k) => [entry, ranks[k]!] as const).sort((a, b) => a[1] - b[1]).map(([entry]) => entry);
    const message = `Reordered ${formatPath(path)} by ${by} (${values.join(', ')}).`;
    interventions.push(normalizeChange('list_reordered', 'cleanup', message, path));
    return sorted;
  });
  return { value: out, interventions };
}
