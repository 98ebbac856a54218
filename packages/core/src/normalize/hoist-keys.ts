/**
 * Misplaced siblings (output-normalization seed, full answers): metadata a
 * model wrote next to a nested object (`answered_by` beside `answer`) is
 * moved into it when the nested object lacks it. A value already inside
 * wins; the sibling then stays for the extras policy to record.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, excerpt, getOwn, hasOwn, isPlainObject, objectFrom, setOwn, type PlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/**
 * Moves declared sibling keys into their nested object.
 *
 * @example
 * hoistKeys({ questions: [{ id: 'Q01', answer: { text: 'x' }, answered_by: 'ai' }] }, contract).value
 * // { questions: [{ id: 'Q01', answer: { text: 'x', answered_by: 'ai' } }] }
 */
export function hoistKeys(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'hoist', 'pre', (node, rules, { path }) => {
    if (!isPlainObject(node)) return node;
    let holder: PlainObject = node;
    for (const { into, keys } of rules) {
      const target = getOwn(holder, into);
      if (!isPlainObject(target)) continue;
      const moving = keys.filter((key) => hasOwn(holder, key) && !hasOwn(target, key));
      if (moving.length === 0) continue;
      const nested = copyObject(target);
      const rest = objectFrom(Object.keys(holder).filter((key) => !moving.includes(key)).map((key) => [key, holder[key]] as const));
      for (const key of moving) {
        setOwn(nested, key, holder[key]);
        const message = `Hoisted ${key} into ${into} at ${formatPath(path)}.`;
        interventions.push(normalizeChange('key_hoisted', 'cleanup', message, [...path, into, key], excerpt(holder[key]), excerpt(holder[key])));
      }
      setOwn(rest, into, nested);
      holder = rest;
    }
    return holder;
  });
  return { value: out, interventions };
}
