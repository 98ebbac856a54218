/**
 * Key aliasing (erk and output-normalization seeds): keys are compared like
 * the seed's getValueByAliases (lowercase, letters and digits only) against
 * each canonical field and its declared aliases, then, when none is spelled
 * alike, ignoring accents as the enum ladder does (`descripcion` for
 * `descripción`, `key_accent_folded`). The canonical key wins when both are
 * present; two aliases carrying different values are refused.
 */
import type { Contract } from '../contract/contract.js';
import { normKey, planFor, type NormalizationPlan } from '../contract/normalization-plan.js';
import { hasObjectBelow } from '../contract/schema-model.js';
import type { Intervention, ValidationIssue } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { deepEqual, excerpt, isPlainObject, objectFrom, sameKeys, type PlainObject } from './value-tree.js';
import { walkScope, walkValue, type WalkLocation } from './walk-value.js';

/** Where aliasing may act; exported for the fast clean check (shape-is-canonical.ts). */
export const ALIAS_SCOPE = walkScope(
  // Elsewhere there is no alias table (see aliasTable).
  (at, plan) => at.model.kind === 'object' || plan.aliases.has(at.pattern),
  (at, plan) => hasObjectBelow(at.model) || plan.prefixes.aliases.has(at.pattern),
);

interface AliasTable {
  canonicals: ReadonlySet<string>;
  /** normalized key → canonical key; a canonical's own spelling beats another field's alias. */
  lookup: ReadonlyMap<string, string>;
  /** The same ignoring accents (`descripción` = `descripcion`); null for a spelling two fields share. */
  folded: ReadonlyMap<string, string | null>;
  /** Some declared spelling has a non-ASCII letter: an ASCII key may then match it only folded. */
  foldsNames: boolean;
  /** The last key list found to need no aliasing: arrays of like objects repeat it. */
  clean?: readonly string[];
}

/** Tables depend only on the plan and the place: built once per place, not per object. */
const tables = new WeakMap<object, AliasTable>();

function aliasTable(plan: NormalizationPlan, location: WalkLocation): AliasTable | undefined {
  const cached = tables.get(location.place);
  if (cached !== undefined) return cached;
  const rules = plan.aliases.get(location.pattern);
  if (rules === undefined && location.model.kind !== 'object') return undefined;
  const canonicals = new Set<string>(location.model.kind === 'object' ? location.model.shape.keys() : []);
  for (const key of rules?.keys() ?? []) canonicals.add(key);
  if (canonicals.size === 0) return undefined;
  const lookup = new Map<string, string>();
  for (const [canonical, list] of rules ?? []) for (const alias of list) if (normKey(alias) !== '') lookup.set(normKey(alias), canonical);
  for (const canonical of canonicals) if (normKey(canonical) !== '') lookup.set(normKey(canonical), canonical);
  const folded = new Map<string, string | null>();
  for (const [norm, canonical] of lookup) {
    const key = foldKey(norm);
    const seen = folded.get(key);
    folded.set(key, seen === undefined || seen === canonical ? canonical : null);
  }
  const foldsNames = [...lookup.keys()].some((norm) => NON_ASCII.test(norm));
  const table: AliasTable = { canonicals, lookup, folded, foldsNames };
  tables.set(location.place, table);
  return table;
}

/** Longer key lists are not kept as `clean` (they would pin a long list for nothing). */
const MAX_CLEAN_KEYS = 64;


/**
 * Whether aliasing would touch an object with these keys here: some key is
 * not canonical but normalizes to a canonical or declared alias key.
 *
 * @example
 * hasAliasedKey(['Title'], plan, location) // true where `title` is declared
 */
export function hasAliasedKey(keys: readonly string[], plan: NormalizationPlan, location: WalkLocation): boolean {
  const table = aliasTable(plan, location);
  if (table === undefined || (table.clean !== undefined && sameKeys(table.clean, keys))) return false;
  for (const key of keys) if (takesKey(table, key)) return true;
  if (keys.length <= MAX_CLEAN_KEYS) table.clean = keys;
  return false;
}

/**
 * Whether aliasing would rename or drop this one key of an object here: the per-key test of
 * {@link hasAliasedKey}, for a check that meets an object's keys one at a time.
 *
 * @example
 * isAliasedKey('Title', plan, location) // true where `title` is declared
 */
export function isAliasedKey(key: string, plan: NormalizationPlan, location: WalkLocation): boolean {
  const table = aliasTable(plan, location);
  return table !== undefined && takesKey(table, key);
}

/** Whether aliasing takes this key: not a canonical one, and spelled like one or like an alias. */
function takesKey(table: AliasTable, key: string): boolean {
  return !table.canonicals.has(key) && canonicalFor(table, key) !== undefined;
}

const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * A normalized key without accents, case-folded the full way (`Straße` and `STRASSE` meet:
 * upper case spells `ß` as `SS`), like the enum ladder's accent step.
 */
function foldKey(norm: string): string {
  return norm.normalize('NFKD').replace(COMBINING_MARKS, '').toUpperCase().toLowerCase().replace(NOT_WORD, '');
}

interface Canonical {
  canonical: string;
  /** Found only ignoring accents: recorded as `key_accent_folded`. */
  accents: boolean;
}

/**
 * The canonical key a key names, spelled alike up to case and separators, else ignoring accents.
 * The folded lookup runs only where accents can matter (a non-ASCII key or declared spelling), so
 * a plain ASCII output against an ASCII contract pays one test per unknown key.
 */
function canonicalFor(table: AliasTable, key: string): Canonical | undefined {
  const norm = normKey(key);
  const canonical = table.lookup.get(norm);
  if (canonical !== undefined) return { canonical, accents: false };
  if (norm === '' || !(table.foldsNames || NON_ASCII.test(norm))) return undefined;
  const folded = table.folded.get(foldKey(norm));
  return folded === undefined || folded === null ? undefined : { canonical: folded, accents: true };
}

interface Found {
  key: string;
  value: unknown;
  accents: boolean;
}

function aliasObject(object: PlainObject, keys: readonly string[], location: WalkLocation, table: AliasTable, changes: Intervention[], issues: ValidationIssue[], loose: boolean): PlainObject {
  const found = new Map<string, Found[]>();
  for (const key of keys) {
    if (table.canonicals.has(key)) continue;
    const match = canonicalFor(table, key);
    if (match === undefined) continue;
    const { canonical, accents } = match;
    const list = found.get(canonical);
    if (list === undefined) found.set(canonical, [{ key, value: object[key], accents }]);
    else list.push({ key, value: object[key], accents });
  }
  if (found.size === 0) return object;

  const renamed = new Map<string, string>();
  const dropped = new Set<string>();
  const present = new Set(keys);
  for (const [canonical, list] of found) {
    const fieldPath = [...location.path, canonical];
    if (present.has(canonical)) {
      for (const alias of list) {
        dropped.add(alias.key);
        changes.push(normalizeChange('alias_dropped', 'dropped', `Dropped alias key "${alias.key}" at ${formatPath(location.path)}: the canonical key "${canonical}" is present.`, fieldPath, excerpt(alias.value), ''));
      }
      continue;
    }
    const first = list[0]!;
    const conflicting = list.find((alias) => !deepEqual(alias.value, first.value));
    if (conflicting !== undefined && !loose) {
      issues.push({
        path: formatPath(fieldPath),
        message: `Ambiguous aliases "${first.key}" and "${conflicting.key}" for "${canonical}" carry different values; refusing to guess.`,
      });
      continue;
    }
    renamed.set(first.key, canonical);
    // Loose key matching: a spelling of the key itself (`prd_refs` for `prdRefs`) is that key, not a rename.
    if (first.accents) changes.push(normalizeChange('key_accent_folded', 'cleanup', `Renamed key "${first.key}" to "${canonical}" at ${formatPath(location.path)}: it names the field ignoring accents.`, fieldPath, first.key, canonical));
    else if (!(loose && normKey(first.key) === normKey(canonical))) changes.push(normalizeChange('key_aliased', 'cleanup', `Renamed key "${first.key}" to "${canonical}" at ${formatPath(location.path)}.`, fieldPath, first.key, canonical));
    for (const alias of list.slice(1)) {
      dropped.add(alias.key);
      const why = deepEqual(alias.value, first.value) ? `it repeats "${first.key}"` : `the first key for "${canonical}", "${first.key}", wins`;
      changes.push(normalizeChange('alias_dropped', 'dropped', `Dropped alias key "${alias.key}" at ${formatPath(location.path)}: ${why}.`, fieldPath, excerpt(alias.value), ''));
    }
  }
  if (renamed.size === 0 && dropped.size === 0) return object;
  return objectFrom(keys.filter((k) => !dropped.has(k)).map((k) => [renamed.get(k) ?? k, object[k]] as const));
}

/**
 * Renames aliased keys to their canonical names, at every depth the schema or spec reaches.
 *
 * @example
 * aliasKeys({ tripwire_candidates: [{ title: 'a', description: 'b' }] }, erkTripwireCandidates).value
 * // { candidates: [{ action: 'a', warning: 'b' }] }
 */
export function aliasKeys(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  const loose = contract.normalization.keyMatching === 'loose';
  const interventions: Intervention[] = [];
  const issues: ValidationIssue[] = [];
  const out = walkValue(value, plan, (node, location, keys) => {
    if (keys === undefined || !isPlainObject(node)) return node;
    const table = hasAliasedKey(keys, plan, location) ? aliasTable(plan, location) : undefined;
    return table === undefined ? node : aliasObject(node, keys, location, table, interventions, issues, loose);
  }, 'pre', ALIAS_SCOPE);
  if (issues.length > 0) {
    return { value, interventions, failure: { message: 'Aliased keys are ambiguous; the output was not normalized.', issues } };
  }
  return { value: out, interventions };
}
