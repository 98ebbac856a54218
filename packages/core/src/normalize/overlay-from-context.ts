/**
 * Answer-only overlay (output-normalization seed, full answers): a model
 * asked to fill answers may return only `{ id, answer }` blocks instead of
 * copying every question. When the ids match the canonical list passed in
 * `options.context` exactly (same count, no duplicates, none missing or
 * invented) and no block carries anything but answer fields, each block is
 * laid over its canonical entry, in the canonical order. A reference
 * artifact is compared, so the record's stage is `semantic_validation`.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { OverlayRule } from '../contract/normalization-spec.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, getOwn, hasOwn, isPlainObject, setOwn, type PlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/** Canonical entries by key, or undefined when the context list is unusable. */
function canonicalByKey(list: unknown, key: string): Map<string, PlainObject> | undefined {
  if (!Array.isArray(list)) return undefined;
  const byKey = new Map<string, PlainObject>();
  for (const entry of list) {
    const id = isPlainObject(entry) ? getOwn(entry, key) : undefined;
    if (typeof id !== 'string' || byKey.has(id)) return undefined;
    byKey.set(id, entry as PlainObject);
  }
  return byKey;
}

/** The overlaid list, or undefined when the entries are not exactly the canonical ids with answer fields only. */
function overlay(list: readonly unknown[], canonical: Map<string, PlainObject>, rule: OverlayRule): PlainObject[] | undefined {
  const key = rule.key ?? 'id';
  if (list.length !== canonical.size) return undefined;
  const emitted = new Map<string, PlainObject>();
  for (const entry of list) {
    if (!isPlainObject(entry)) return undefined;
    const id = getOwn(entry, key);
    if (typeof id !== 'string' || !canonical.has(id) || emitted.has(id)) return undefined;
    if (Object.keys(entry).some((k) => k !== key && !rule.fields.includes(k))) return undefined;
    emitted.set(id, entry);
  }
  // Entries that already carry every canonical key are not answer-only.
  if ([...emitted].every(([id, entry]) => Object.keys(canonical.get(id)!).every((k) => hasOwn(entry, k)))) return undefined;
  return [...canonical].map(([id, base]) => {
    const entry = emitted.get(id)!;
    const merged = copyObject(base);
    for (const field of Object.keys(entry)) setOwn(merged, field, entry[field]);
    return merged;
  });
}

/**
 * Completes answer-only entries from the canonical list in the context.
 *
 * @example
 * overlayFromContext({ questions: [{ id: 'Q01', answer: 'yes' }] }, contract, { context: { questions: [{ id: 'Q01', question: 'Ship?' }] } }).value
 * // { questions: [{ id: 'Q01', question: 'Ship?', answer: 'yes' }] }
 */
export function overlayFromContext(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  const context = options.context;
  if (context === undefined) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'overlay', 'pre', (node, rule, { path }) => {
    const canonical = Array.isArray(node) && hasOwn(context, rule.context) ? canonicalByKey(context[rule.context], rule.key ?? 'id') : undefined;
    const merged = canonical === undefined ? undefined : overlay(node as unknown[], canonical, rule);
    if (merged === undefined) return node;
    const message = `Recovered answer-only entries of ${formatPath(path)} using the canonical list "${rule.context}" from the context.`;
    interventions.push({ ...normalizeChange('overlay_restored', 'cleanup', message, path), stage: 'semantic_validation' });
    return merged;
  });
  return { value: out, interventions };
}
