/**
 * Compiles a contract's declarative spec against its schema model into lookup
 * tables the normalization stages read. Compiled once per contract (cached).
 */
import type { Contract } from './contract.js';
import {
  DEFAULT_WRAPPER_KEYS,
  type AttributionRule,
  type DerivedRule,
  type DropRule,
  type ExtrasPolicy,
  type IdStrategy,
  type ListOrder,
  type NormalizationSpec,
  type OverlayRule,
  type StringShape,
  type SynonymTable,
} from './normalization-spec.js';
import { schemaModel, takesAnyValue, UNKNOWN_MODEL, type SchemaModel } from './schema-model.js';

/** parent pattern → field key → rule. */
export type FieldRules<T> = ReadonlyMap<string, ReadonlyMap<string, T>>;

export interface CompiledSynonyms {
  /** Typed lookup key (see {@link synonymKey}) → canonical value. */
  readonly lookup: ReadonlyMap<string, string>;
  readonly canonicals: ReadonlySet<string>;
  /** Canonical value → its listed values as written (schema-aligned parsing looks for them in prose). */
  readonly spellings: ReadonlyMap<string, readonly string[]>;
  readonly fallback?: string;
}

/** A sibling-hoisting rule, kept at the pattern of the object holding both. */
export interface HoistRule {
  readonly into: string;
  readonly keys: readonly string[];
}

/** The rule types of the pattern-keyed families, as the stages read them. */
export interface PatternRuleTypes {
  readonly nest: string;
  readonly sections: Readonly<Record<string, readonly string[]>>;
  readonly strings: StringShape;
  readonly recordKeys: string;
  readonly drop: DropRule;
  readonly hoist: readonly HoistRule[];
  readonly overlay: OverlayRule;
  readonly attribution: AttributionRule;
  readonly order: ListOrder;
  readonly replaceInvalid: unknown;
  readonly noteEmpty: true;
}

/** Families of rules keyed by the pattern of the node they act on. */
export type PatternRuleFamily = keyof PatternRuleTypes;

/** Rules of one family by pattern, with the prefixes a walk must enter to reach them. */
export interface PatternRules<T> {
  readonly byPattern: ReadonlyMap<string, T>;
  readonly prefixes: ReadonlySet<string>;
}

function patternRules<T>(byPattern: Map<string, T>): PatternRules<T> {
  return { byPattern, prefixes: patternPrefixes(byPattern.keys()) };
}

function hoistRules(model: SchemaModel, record: Readonly<Record<string, readonly string[]>> | undefined): Map<string, HoistRule[]> {
  const out = new Map<string, HoistRule[]>();
  for (const [pattern, keys] of valueRules(model, record)) {
    const [parent, into] = splitPattern(pattern);
    out.set(parent, [...(out.get(parent) ?? []), { into, keys }]);
  }
  return out;
}

/** Everything the stages need, as maps keyed by value patterns (`epics[].id`). */
export interface NormalizationPlan {
  readonly model: SchemaModel;
  /** Normalized wrapper keys. */
  readonly wrappers: ReadonlySet<string>;
  /** Any one-key root collapses to its value (`genericWrappers`). */
  readonly genericWrappers: boolean;
  /** Known top-level keys (schema keys and root aliases). */
  readonly rootKeys: ReadonlySet<string>;
  /** `rootKeys` through `normKey`, computed once: wrapper detection runs on every output. */
  readonly normalizedRootKeys: ReadonlySet<string>;
  readonly aliases: FieldRules<readonly string[]>;
  readonly extras: ExtrasPolicy | undefined;
  readonly synonyms: ReadonlyMap<string, CompiledSynonyms>;
  readonly ids: ReadonlyMap<string, IdStrategy>;
  readonly defaults: FieldRules<unknown>;
  readonly derived: FieldRules<DerivedRule>;
  readonly paths: ReadonlySet<string>;
  readonly context: FieldRules<string>;
  readonly expect: Contract['expect'];
  /** The pattern-keyed families (nest, sections, strings, record keys, drop, hoist, overlay, attribution, order). */
  readonly rules: { readonly [F in PatternRuleFamily]: PatternRules<PatternRuleTypes[F]> };
  /** Proper prefixes of the patterns each rule family names: where a walk must descend. */
  readonly prefixes: {
    readonly aliases: ReadonlySet<string>;
    readonly synonyms: ReadonlySet<string>;
    readonly ids: ReadonlySet<string>;
    readonly paths: ReadonlySet<string>;
    readonly defaults: ReadonlySet<string>;
    readonly derived: ReadonlySet<string>;
    readonly context: ReadonlySet<string>;
  };
}

/**
 * Every proper prefix of each pattern at a segment boundary: the nodes whose
 * children a walk must enter to reach the pattern.
 *
 * @example
 * patternPrefixes(['a[].b']) // Set { '', 'a', 'a[]' }
 */
export function patternPrefixes(patterns: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const pattern of patterns) {
    if (pattern !== '') out.add('');
    for (let i = 0; i < pattern.length; i++) {
      if (pattern[i] === '.') out.add(pattern.slice(0, i));
      else if (pattern[i] === '[' && pattern[i + 1] === ']') out.add(pattern.slice(0, i));
    }
  }
  return out;
}

/**
 * Key comparison of the seed's getValueByAliases: lowercase, letters and digits only.
 *
 * @example
 * normKey('Ticket-ID') // 'ticketid'
 */
export function normKey(key: string): string {
  let norm = normKeys.get(key);
  if (norm === undefined) {
    norm = key.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    // Keys repeat output after output; hostile input may bring endless new (or huge) ones, so the memo is bounded.
    if (key.length <= MAX_MEMO_KEY_LENGTH) {
      if (normKeys.size >= MAX_NORM_KEYS) normKeys.clear();
      normKeys.set(key, norm);
    }
  }
  return norm;
}

const MAX_NORM_KEYS = 4096;
const MAX_MEMO_KEY_LENGTH = 64;
const normKeys = new Map<string, string>();

/** Lookup key of a synonym: strings compare like keys, other scalars by type and value. */
export function synonymKey(value: unknown): string | undefined {
  if (typeof value === 'string') return `s:${normKey(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value}:${String(value)}`;
  return undefined;
}

/** Child pattern of an object key. */
export function fieldPattern(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

const BARE = /^[^.[\]*]+$/;

/** Every pattern of the model where an object declares `key` (bounded walk). */
function patternsOfKey(model: SchemaModel, key: string): string[] {
  const found: string[] = [];
  const visit = (m: SchemaModel, pattern: string, depth: number): void => {
    if (depth > 24 || found.length > 256) return;
    if (m.kind === 'object') {
      for (const [k, child] of m.shape) {
        const p = fieldPattern(pattern, k);
        if (k === key) found.push(p);
        visit(child, p, depth + 1);
      }
    } else if (m.kind === 'array') visit(m.element, `${pattern}[]`, depth + 1);
    else if (m.kind === 'record') visit(m.value, fieldPattern(pattern, '*'), depth + 1);
  };
  visit(model, '', 0);
  return found;
}

/**
 * The bare-name entries of a field-alias table whose name `model` declares somewhere: what a
 * union branch keeps of its outer contract's aliases (a branch that does not declare the name
 * must not take the alias as a root key of its own). Undefined when none is left.
 *
 * @example
 * declaredBareAliases(schemaModel(z.object({ signature: z.string() })), { signature: ['sig'], 'a.b': ['c'] }) // { signature: ['sig'] }
 */
export function declaredBareAliases(model: SchemaModel, aliases: Readonly<Record<string, readonly string[]>>): Record<string, readonly string[]> | undefined {
  let kept: Record<string, readonly string[]> | undefined;
  for (const [name, list] of Object.entries(aliases)) if (BARE.test(name) && patternsOfKey(model, name).length > 0) (kept ??= {})[name] = list;
  return kept;
}

/** A spec path as full patterns: bare names are found in the schema; paths are literal. */
function expand(model: SchemaModel, key: string): string[] {
  if (!BARE.test(key)) return [key];
  const found = patternsOfKey(model, key);
  return found.length > 0 ? found : [key];
}

function splitPattern(pattern: string): [parent: string, key: string] {
  const dot = pattern.lastIndexOf('.');
  return dot < 0 ? ['', pattern] : [pattern.slice(0, dot), pattern.slice(dot + 1)];
}

function fieldRules<T>(model: SchemaModel, record: Readonly<Record<string, T>> | undefined, merge?: (a: T, b: T) => T): FieldRules<T> {
  const out = new Map<string, Map<string, T>>();
  for (const [specKey, rule] of Object.entries(record ?? {})) {
    for (const pattern of expand(model, specKey)) {
      const [parent, key] = splitPattern(pattern);
      let rules = out.get(parent);
      if (rules === undefined) out.set(parent, (rules = new Map()));
      const previous = rules.get(key);
      rules.set(key, previous !== undefined && merge !== undefined ? merge(previous, rule) : rule);
    }
  }
  return out;
}

function valueRules<T>(model: SchemaModel, record: Readonly<Record<string, T>> | undefined): Map<string, T> {
  const out = new Map<string, T>();
  for (const [specKey, rule] of Object.entries(record ?? {})) for (const pattern of expand(model, specKey)) out.set(pattern, rule);
  return out;
}

function compileSynonyms(table: SynonymTable): CompiledSynonyms {
  const lookup = new Map<string, string>();
  const canonicals = new Set<string>();
  const spellings = new Map<string, string[]>();
  for (const [canonical, values] of Object.entries(table.map)) {
    canonicals.add(canonical);
    spellings.set(canonical, values.filter((v): v is string => typeof v === 'string'));
    for (const value of [canonical, ...values]) {
      const key = synonymKey(value);
      if (key !== undefined && key !== 's:' && !lookup.has(key)) lookup.set(key, canonical);
    }
  }
  if (table.fallback !== undefined) canonicals.add(table.fallback);
  return table.fallback === undefined ? { lookup, canonicals, spellings } : { lookup, canonicals, spellings, fallback: table.fallback };
}

/**
 * Compiles a spec for a schema (no cache; see {@link planFor}).
 *
 * @example
 * compilePlan(z.object({ action: z.string() }), { aliases: { action: ['title'] } }, 'object').aliases.get('')
 * // Map { 'action' => ['title'] }
 */
export function compilePlan(schema: unknown, spec: NormalizationSpec, expect: Contract['expect'], rootKeys: readonly string[] = []): NormalizationPlan {
  const model = schemaModel(schema);
  // A root that takes any value takes `{"data": […]}` as the data itself: only declared wrappers unwrap there.
  const defaultWrappers = spec.replaceDefaultWrappers === true || takesAnyValue(schema) ? [] : DEFAULT_WRAPPER_KEYS;
  const wrappers = new Set([...defaultWrappers, ...(spec.wrappers ?? [])].map(normKey));
  const rootAliases = new Map<string, readonly string[]>(Object.entries(spec.rootAliases ?? {}));
  const aliases = fieldRules(model, spec.aliases, (a, b) => [...a, ...b]) as Map<string, Map<string, readonly string[]>>;
  if (rootAliases.size > 0) {
    const root = aliases.get('') ?? new Map<string, readonly string[]>();
    for (const [key, list] of rootAliases) root.set(key, [...(root.get(key) ?? []), ...list]);
    aliases.set('', root);
  }
  const synonyms = new Map<string, CompiledSynonyms>();
  for (const [pattern, table] of valueRules(model, spec.synonyms)) synonyms.set(pattern, compileSynonyms(table));
  const ids = valueRules(model, spec.ids);
  const paths = new Set((spec.paths ?? []).flatMap((p) => expand(model, p)));
  const defaults = fieldRules(model, spec.defaults);
  const derived = fieldRules(model, spec.derived);
  const context = fieldRules(model, spec.context);
  return {
    model,
    wrappers,
    genericWrappers: spec.genericWrappers === true,
    rootKeys: new Set(rootKeys),
    normalizedRootKeys: new Set(rootKeys.map(normKey)),
    aliases,
    extras: spec.extras,
    synonyms,
    ids,
    defaults,
    derived,
    paths,
    context,
    expect,
    rules: {
      nest: patternRules(valueRules(model, spec.nest)),
      sections: patternRules(valueRules(model, spec.sections)),
      strings: patternRules(valueRules(model, spec.strings)),
      recordKeys: patternRules(valueRules(model, spec.recordKeys)),
      drop: patternRules(valueRules(model, spec.drop)),
      hoist: patternRules(hoistRules(model, spec.hoist)),
      overlay: patternRules(valueRules(model, spec.overlay)),
      attribution: patternRules(valueRules(model, spec.attribution)),
      order: patternRules(valueRules(model, spec.order)),
      replaceInvalid: patternRules(valueRules(model, spec.replaceInvalid)),
      noteEmpty: patternRules(valueRules(model, Object.fromEntries((spec.noteEmpty ?? []).map((p) => [p, true] as const)))),
    },
    prefixes: {
      aliases: patternPrefixes(aliases.keys()),
      synonyms: patternPrefixes(synonyms.keys()),
      ids: patternPrefixes(ids.keys()),
      paths: patternPrefixes(paths),
      defaults: patternPrefixes(defaults.keys()),
      derived: patternPrefixes(derived.keys()),
      context: patternPrefixes(context.keys()),
    },
  };
}

const cache = new WeakMap<object, NormalizationPlan>();

/** The compiled plan of a contract, compiled on first use. */
export function planFor(contract: Contract<unknown>): NormalizationPlan {
  let plan = cache.get(contract);
  if (plan === undefined) {
    plan = compilePlan(contract.schema, contract.normalization, contract.expect, contract.knownKeys);
    cache.set(contract, plan);
  }
  return plan;
}

export { UNKNOWN_MODEL };
/** A spec path as full patterns, and a pattern split into its parent and last key (for stages outside this file). */
export { expand as expandSpecPath, splitPattern };
