/**
 * Derived fields (output-normalization seed): a count equals a list's length,
 * a total equals the sum of its parts, a missing field may copy a sibling.
 * Arithmetic is a deterministic source: an emitted value that differs is
 * recomputed and recorded. Children are settled before their parents.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { DerivedRule } from '../contract/normalization-spec.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeCode } from './codes.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, excerpt, getOwn, isPlainObject, setOwn, type PlainObject } from './value-tree.js';
import { walkFieldRules } from './walk-value.js';

/** Values at a relative path (`rubric[].score`) inside an object. */
export function valuesAt(object: PlainObject, path: string): unknown[] {
  let values: unknown[] = [object];
  for (const segment of path.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    values = values.flatMap((v) => {
      if (!isPlainObject(v)) return [];
      const child = getOwn(v, key);
      return child === undefined ? [] : [child];
    });
    if (each) values = values.flatMap((v) => (Array.isArray(v) ? v : []));
  }
  return values;
}

/** The value a rule yields, or undefined when its sources are absent or not numeric. */
function compute(object: PlainObject, rule: DerivedRule): unknown {
  if ('count' in rule) {
    const [list, ...rest] = valuesAt(object, rule.count);
    return rest.length === 0 && Array.isArray(list) ? list.length : undefined;
  }
  if ('sum' in rule) {
    const paths = typeof rule.sum === 'string' ? [rule.sum] : rule.sum;
    const parts: unknown[] = [];
    for (const path of paths) {
      const found = valuesAt(object, path);
      // A named (non-list) part that is missing makes the total unknowable.
      if (found.length === 0 && !path.includes('[]')) return undefined;
      for (const part of found) parts.push(part);
    }
    if (!parts.every((p): p is number => typeof p === 'number' && Number.isFinite(p))) return undefined;
    return parts.reduce((a, b) => a + b, 0);
  }
  const [source, ...rest] = valuesAt(object, rule.copy);
  if (rest.length > 0) return undefined;
  return rule.unique === true && Array.isArray(source) ? [...new Set(source)] : source;
}

/**
 * Recomputes the contract's derived fields.
 *
 * @example
 * recomputeDerived({ files: ['a', 'b'], file_count: 3 }, contract).interventions[0].message
 * // 'Recomputed file_count: expected 2, received 3.'
 */
export function recomputeDerived(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  const out = walkFieldRules(value, plan, 'derived', 'post', (object, fields, { path }) => {
    let copy: PlainObject | null = null;
    for (const [key, rule] of fields) {
      const current = getOwn(copy ?? object, key);
      if ('copy' in rule && current !== undefined) continue;
      const computed = compute(copy ?? object, rule);
      if (computed === undefined || Object.is(current, computed)) continue;
      const field = formatPath([...path, key]);
      let code: NormalizeCode;
      let message: string;
      if ('copy' in rule) [code, message] = ['field_copied', `Filled missing ${field} from ${rule.copy}.`];
      else if (current === undefined) [code, message] = ['derived_filled', `Filled missing ${field} from ${'count' in rule ? `the length of ${rule.count}` : 'the sum of its parts'}.`];
      else [code, message] = ['derived_recomputed', `Recomputed ${field}: expected ${excerpt(computed)}, received ${excerpt(current)}.`];
      interventions.push(normalizeChange(code, 'cleanup', message, [...path, key], current === undefined ? '' : excerpt(current), excerpt(computed)));
      setOwn((copy ??= copyObject(object)), key, computed);
    }
    return copy ?? object;
  });
  return { value: out, interventions };
}
