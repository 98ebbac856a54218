/**
 * String shaping declared by the contract (output-normalization seed): notes
 * emitted as a list of lines are joined into the one string the schema
 * expects; free-form gate values are kept but lowercased.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/**
 * Joins string lists and lowercases strings where the contract says so.
 *
 * @example
 * shapeStrings({ notes: ['a', 'b'] }, contract).value // { notes: 'a\nb' } with strings: { notes: { join: '\n' } }
 */
export function shapeStrings(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'strings', 'pre', (node, shape, { path }) => {
    let next = node;
    if (shape.join !== undefined && Array.isArray(node) && node.every((item) => typeof item === 'string')) {
      next = node.join(shape.join);
      interventions.push(normalizeChange('array_joined', 'cleanup', `Joined the ${node.length} strings of ${formatPath(path)} into one string.`, path, excerpt(node), excerpt(next)));
    }
    if (shape.lowercase === true && typeof next === 'string' && next !== next.toLowerCase()) {
      const lowered = next.toLowerCase();
      interventions.push(normalizeChange('string_lowercased', 'cleanup', `Lowercased ${formatPath(path)} from ${excerpt(next)} to ${excerpt(lowered)}.`, path, excerpt(next), excerpt(lowered)));
      next = lowered;
    }
    return next;
  });
  return { value: out, interventions };
}
