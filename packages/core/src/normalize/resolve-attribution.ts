/**
 * Attribution (output-normalization seed, refinement changes): a change may
 * name the losing draft that inspired it, by the draft's id or by its
 * 1-based position in the roster the runtime passes in `options.context`.
 * An ordinal is resolved to the id; a reference that names no draft is kept
 * and its change is marked `invalid_unattributed` rather than dropped.
 * Without a roster in the context nothing is decided.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { AttributionRule } from '../contract/normalization-spec.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, excerpt, getOwn, hasOwn, isPlainObject, replaceAt, setOwn, type PlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

export const UNATTRIBUTED = 'invalid_unattributed';

function valueAt(object: PlainObject, segments: readonly string[]): unknown {
  let node: unknown = object;
  for (const segment of segments) node = isPlainObject(node) ? getOwn(node, segment) : undefined;
  return node;
}

/** The roster entry a reference names, or undefined. */
function resolve(ref: unknown, roster: readonly string[]): string | undefined {
  if (typeof ref === 'string' && roster.includes(ref)) return ref;
  const ordinal = typeof ref === 'number' ? ref : typeof ref === 'string' && /^\s*\d{1,6}\s*$/.test(ref) ? Number(ref) : NaN;
  return Number.isInteger(ordinal) && ordinal >= 1 ? roster[ordinal - 1] : undefined;
}

function attribute(item: PlainObject, where: ValuePath, rule: AttributionRule, roster: readonly string[], changes: Intervention[]): PlainObject {
  const segments = rule.ref.split('.');
  const ref = valueAt(item, segments);
  const holderPresent = rule.requiredWith !== undefined && valueAt(item, rule.requiredWith.split('.')) !== undefined;
  if (ref === undefined && !holderPresent) return item;
  const resolved = ref === undefined ? undefined : resolve(ref, roster);
  if (ref !== undefined && resolved === ref) return item;
  const refPath = [...where, ...segments];
  if (resolved !== undefined) {
    const message = `Resolved ${formatPath(refPath)} from ordinal ${excerpt(ref)} to ${excerpt(resolved)}.`;
    changes.push(normalizeChange('reference_resolved', 'attribution', message, refPath, excerpt(ref), excerpt(resolved)));
    return replaceAt(item, segments, () => resolved) as PlainObject;
  }
  if (getOwn(item, rule.status) === UNATTRIBUTED) return item;
  const statusPath = [...where, rule.status];
  const message = `Marked ${formatPath(where)} ${UNATTRIBUTED}: ${formatPath(refPath)} names no entry of "${rule.roster}".`;
  changes.push(normalizeChange('attribution_invalid', 'attribution', message, statusPath, hasOwn(item, rule.status) ? excerpt(item[rule.status]) : '', excerpt(UNATTRIBUTED)));
  const copy = copyObject(item);
  setOwn(copy, rule.status, UNATTRIBUTED);
  return copy;
}

/**
 * Resolves each list item's reference against the roster in the context.
 *
 * @example
 * resolveAttribution({ changes: [{ inspiration: { alternative_draft: 2 } }] }, contract, { context: { losing_drafts: ['a', 'b'] } }).value
 * // { changes: [{ inspiration: { alternative_draft: 'b' } }] }
 */
export function resolveAttribution(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  const context = options.context;
  if (context === undefined) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'attribution', 'pre', (node, rule, { path }) => {
    const roster = hasOwn(context, rule.roster) ? context[rule.roster] : undefined;
    if (!Array.isArray(node) || !Array.isArray(roster) || !roster.every((entry) => typeof entry === 'string')) return node;
    let copy: unknown[] | null = null;
    node.forEach((item, index) => {
      if (!isPlainObject(item)) return;
      const next = attribute(item, [...path, index], rule, roster as string[], interventions);
      if (next !== item) (copy ??= node.slice())[index] = next;
    });
    return copy ?? node;
  });
  return { value: out, interventions };
}
