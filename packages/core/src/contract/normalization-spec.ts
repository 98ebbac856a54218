/**
 * The declarative normalization a contract carries. Everything here is plain
 * JSON data (it may be shipped to reports); the engine compiles it once per
 * contract.
 *
 * Paths name places in the value: `candidates` (a root key), `epics[].id`
 * (a key of every element of the `epics` list), `scores.*` (every value of a
 * record). A bare name without `.`, `[]` or `*` is resolved by walking the Zod
 * schema: it names that key in every object of the schema that declares it
 * (the root when the schema cannot be introspected).
 */

/** What happens to keys the schema does not declare. */
export type ExtrasPolicy = 'strip' | 'keep' | 'error';

/** A scalar a synonym table may list: strings compare case- and symbol-insensitively. */
export type SynonymValue = string | number | boolean;

/**
 * Value lists mapping to a canonical value, with an optional recorded catch-all.
 *
 * @example
 * const status: SynonymTable = { map: { done: ['completed', 'success'], error: ['failed'] }, fallback: 'draft' };
 */
export interface SynonymTable {
  /** Canonical value → the values that mean it. */
  readonly map: Readonly<Record<string, readonly SynonymValue[]>>;
  /** Any other present value becomes this one (recorded). Omit to leave it for validation. */
  readonly fallback?: string;
}

/**
 * How the ids of one list are normalized, filled and kept unique.
 *
 * `format` is a template: `{n}` is the item's number (1-based), `{n:2}` zero-pads
 * it to 2 digits, `{i}` is the 1-based position of the enclosing list item
 * (nested ids like `US-{i}-{n}`); `{j}` is an alias of `{n}`.
 *
 * @example
 * const questions: IdStrategy = { format: 'Q{n:2}' };                       // 1, q1, Q1 → Q01
 * const beads: IdStrategy = { format: 'bead-{n}', normalize: false, duplicates: 'suffix' };
 */
export interface IdStrategy {
  /** Key holding the id (default `id`). */
  readonly key?: string;
  readonly format: string;
  /** Rewrite ids that match the template loosely (case, padding, bare numbers). Default true. */
  readonly normalize?: boolean;
  /** Fill a missing id from the list position. Default true. */
  readonly fill?: boolean;
  /**
   * A repeated id: `next` takes the next number above the list's maximum
   * (falls back to `suffix` for ids the template cannot read); `suffix` appends
   * -2, -3, … until unique. Default `next` when the format has `{n}`.
   */
  readonly duplicates?: 'next' | 'suffix';
}

/**
 * A field computed from its siblings. Source paths are relative to the object
 * holding the field (`rubric[].score`).
 *
 * @example
 * const derived: Record<string, DerivedRule> = {
 *   file_count: { count: 'files' },
 *   'drafts[].total_score': { sum: 'rubric[].score' },
 *   'steps[].title': { copy: 'purpose' },
 * };
 */
export type DerivedRule =
  /** Equals the length of a list. */
  | { readonly count: string }
  /** Equals the sum of numbers (one path with `[]`, or several paths). */
  | { readonly sum: string | readonly string[] }
  /** When missing, copied from a sibling (a list without repeats when `unique`). Never overwrites. */
  | { readonly copy: string; readonly unique?: boolean };

/** Marker lists of prompt-echo detection (output-normalization seed). */
export interface PromptEchoMarkers {
  /** Hard markers: flag together with at least one soft marker. */
  readonly hard?: readonly string[];
  readonly soft?: readonly string[];
  /** Structured prompt markers: flag an output that starts with a root key and contains one. */
  readonly schema?: readonly string[];
  /** Set false to switch detection off for this contract. */
  readonly enabled?: boolean;
}

/**
 * An artifact's own sentence (and stage) for one kind of intervention, in
 * place of the engine's generic wording. Placeholders: `{path}` (e.g.
 * `epics[0].id`), `{key}` (last key), `{parent}` (the key before it),
 * `{index}` (last list index, 0-based), `{i}` (1-based position of the
 * enclosing list item), `{before}` / `{after}` (the values, strings without
 * quotes), `{id}` (the `id` of the innermost list item, after the change).
 *
 * @example
 * const w: Wording = { rule: 'id_renumbered', at: 'epics[].id', message: 'Renumbered duplicate epic id {before} to {after}.' };
 */
export interface Wording {
  /** The intervention code this wording is for (a normalize-stage code). */
  readonly rule: string;
  /** Only at this place: a path pattern (`epics[].id`, `scores.*.total_score`) or a bare key name. */
  readonly at?: string;
  readonly message?: string;
  /** `semantic_validation` when the change compares against a reference artifact. */
  readonly stage?: 'normalize' | 'semantic_validation';
}

/**
 * Stable order of a list by one field's value (`phase`: foundation before
 * structure before assembly); entries with other values keep their place after them.
 */
export interface ListOrder {
  readonly by: string;
  readonly values: readonly string[];
}

/** String shaping at a place: a list of strings joined, other strings lowercased. */
export interface StringShape {
  /** Join a list of strings with this separator (`notes: ['a', 'b']` → `'a\nb'`). */
  readonly join?: string;
  /** Lowercase a string that is not already lowercase. */
  readonly lowercase?: boolean;
  /**
   * The place is a list of strings, read leniently: a multi-line string becomes its lines
   * (leading `-`, `*`, `•`, `1.`, `1)` removed), a list's items are trimmed with blank
   * items dropped, numbers and booleans become their text, and objects their YAML text.
   * A one-line string is left to the schema's coercion (`coerced_to_array`).
   */
  readonly list?: boolean;
}

/** Which entries of a list are dropped (recorded) instead of failing the whole artifact. */
export interface DropRule {
  /** Drop entries that are not objects. */
  readonly nonObject?: boolean;
  /** Drop entries whose value at one of these keys is not one of the schema's enum values. */
  readonly invalid?: readonly string[];
}

/**
 * Answer-only entries completed from a canonical list in `options.context`:
 * when every entry carries only the key and `fields`, and the keys equal the
 * canonical list's exactly (same count, no duplicates), each entry becomes
 * the canonical entry with the emitted fields laid over it.
 */
export interface OverlayRule {
  /** Key of `options.context` holding the canonical list. */
  readonly context: string;
  /** Key matching entries (default `id`). */
  readonly key?: string;
  /** Keys an answer-only entry may carry besides the key. */
  readonly fields: readonly string[];
}

/**
 * A reference to an entry of a roster in `options.context`: a 1-based ordinal
 * is resolved to the roster's value; a reference that names no entry marks
 * its holder `invalid_unattributed` in `status`.
 */
export interface AttributionRule {
  /** Path of the reference inside each list item (`inspiration.alternative_draft`). */
  readonly ref: string;
  /** Key of `options.context` holding the roster (a list of strings). */
  readonly roster: string;
  /** Key of the list item that records an unresolved reference. */
  readonly status: string;
  /** When this object (relative to the item) is present, a missing reference is unresolved too. */
  readonly requiredWith?: string;
}

/**
 * How a partial value (a prefix of a streamed answer read with `partial: true`, see
 * docs/streaming.md) shows places of this contract while they are still arriving. Paths as in
 * the rest of the spec; an element place is `issues[]`.
 *
 * @example
 * const stream: StreamSpec = { atomic: ['issues[]', 'verdict'], requiredToStart: ['issues[].id'] };
 */
export interface StreamSpec {
  /** Places whose value appears only once complete (like BAML's `@stream.done`): a list item, a string. */
  readonly atomic?: readonly string[];
  /** Fields an object needs before it appears at all (like BAML's `@stream.not_null`); at the root, before any value does. */
  readonly requiredToStart?: readonly string[];
}

/** The normalization spec of a contract; every field is optional. */
export interface NormalizationSpec {
  /** Wrapper keys unwrapped at the root, in addition to {@link DEFAULT_WRAPPER_KEYS}. */
  readonly wrappers?: readonly string[];
  /**
   * Any root object with exactly one key is a wrapper too, declared or not, and collapses to
   * its value, recursively; a collapse that reaches something other than an object refuses
   * (`{status: 'clean'}` alone is a wrapped scalar, not a coverage result).
   */
  readonly genericWrappers?: boolean;
  /** Replace the default wrapper keys instead of extending them. */
  readonly replaceDefaultWrappers?: boolean;
  /** Root key → its aliases (`candidates: ['tripwire_candidates']`). */
  readonly rootAliases?: Readonly<Record<string, readonly string[]>>;
  /** Field path → its aliases (`'candidates[].action': ['title', 'name']`). */
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  /**
   * `loose`: a key spelled like a declared key up to case and separators (`prd_refs`,
   * `PRD-Refs` for `prdRefs`) is that key, renamed without a record; of several keys naming
   * one field the first wins (the others dropped and recorded) instead of a refusal.
   * Default: such renames are recorded (`key_aliased`) and differing duplicates refuse.
   */
  readonly keyMatching?: 'loose';
  /** Keys the schema does not declare. Default `strip` (recorded) for plain Zod objects. */
  readonly extras?: ExtrasPolicy;
  /** Field path → synonym table (`status`, `checks.tests`, `tags[]`; `''` is a scalar root). */
  readonly synonyms?: Readonly<Record<string, SynonymTable>>;
  /**
   * Enum/literal value → other spellings that mean it, wherever the schema
   * allows that value (`{ ONE: ['k1'], THREE: ['NUMBER THREE'] }`). Matched
   * ignoring case, punctuation and accents, and looked for in prose.
   */
  readonly enumAliases?: Readonly<Record<string, readonly string[]>>;
  /** List path → id strategy. */
  readonly ids?: Readonly<Record<string, IdStrategy>>;
  /** Field path → constant filled when the field is absent. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Field path → derived rule. */
  readonly derived?: Readonly<Record<string, DerivedRule>>;
  /** Paths of file-path strings: forward slashes, no leading `./`. */
  readonly paths?: readonly string[];
  /** Field path → key of `options.context` it must equal (filled or canonicalized). */
  readonly context?: Readonly<Record<string, string>>;
  /** Prompt-echo marker lists; each list omitted is the default's (`DEFAULT_PROMPT_ECHO`, in `@airlock/core/internal`). */
  readonly promptEcho?: PromptEchoMarkers;
  /**
   * `drop`: a null in an optional, non-nullable property means the field was
   * left out. A provider that must send every property (OpenAI strict mode)
   * sends null there; it is removed and recorded (`optional_null_dropped`).
   * Set by `fromProvider` (`@airlock/core/schema`); needs a profile schema.
   */
  readonly optionalNulls?: 'drop';
  /** The artifact's wording (and stage) of interventions, by rule and place. */
  readonly wording?: readonly Wording[];
  /** Field path → key: a value where an object is expected is nested under it (`'src/a.ts'` → `{ path: 'src/a.ts' }`). */
  readonly nest?: Readonly<Record<string, string>>;
  /** Field path → list key → labels: labeled free text (`Patterns: … Anti-patterns: …`) split into lists. */
  readonly sections?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** Field path → string shaping (join a list, lowercase). */
  readonly strings?: Readonly<Record<string, StringShape>>;
  /** Record path → label format of its keys (`Draft {n}`: `draft1`, `Draft 01` → `Draft 1`). */
  readonly recordKeys?: Readonly<Record<string, string>>;
  /** List path → entries dropped with a record instead of failing the artifact. */
  readonly drop?: Readonly<Record<string, DropRule>>;
  /** Nested object path → sibling keys moved into it when absent there (`'questions[].answer': ['answered_by']`). */
  readonly hoist?: Readonly<Record<string, readonly string[]>>;
  /** List path → answer-only entries completed from a canonical list in the context. */
  readonly overlay?: Readonly<Record<string, OverlayRule>>;
  /** List path → a reference of each item resolved against a roster in the context. */
  readonly attribution?: Readonly<Record<string, AttributionRule>>;
  /** List path → stable order by a field's values. */
  readonly order?: Readonly<Record<string, ListOrder>>;
  /** Field path → constant that replaces a present value the field's own schema rejects (`schema_version: 1`). */
  readonly replaceInvalid?: Readonly<Record<string, unknown>>;
  /** List paths that are valid when empty but worth a notice (the value is not changed). */
  readonly noteEmpty?: readonly string[];
  /** How partial values of a streamed answer show places still arriving (see {@link StreamSpec}). */
  readonly stream?: StreamSpec;
}

/** Wrapper keys accepted across artifacts (output-normalization seed). */
export const DEFAULT_WRAPPER_KEYS: readonly string[] = ['output', 'result', 'response', 'data', 'document', 'artifact'];

/**
 * The prompt-echo markers of a contract that names none: the seed's prompt headings, and as
 * the only schema marker the heading that introduces an expected format. An artifact's own
 * headings (a ticket section of its prompt) are its contract's to add, as the shipped
 * contracts of `@airlock/contracts` do.
 */
export const DEFAULT_PROMPT_ECHO: Required<Omit<PromptEchoMarkers, 'enabled'>> = {
  hard: ['CRITICAL OUTPUT RULE:', 'CONTEXT REFRESH:'],
  soft: ['## System Role', '## Task', '## Instructions', '## Expected Output Format', '## Context'],
  schema: ['## Expected Output Format'],
};
