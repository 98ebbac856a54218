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
  /** When missing, copied from a sibling. Never overwrites. */
  | { readonly copy: string };

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

/** The normalization spec of a contract; every field is optional. */
export interface NormalizationSpec {
  /** Wrapper keys unwrapped at the root, in addition to {@link DEFAULT_WRAPPER_KEYS}. */
  readonly wrappers?: readonly string[];
  /** Replace the default wrapper keys instead of extending them. */
  readonly replaceDefaultWrappers?: boolean;
  /** Root key → its aliases (`candidates: ['tripwire_candidates']`). */
  readonly rootAliases?: Readonly<Record<string, readonly string[]>>;
  /** Field path → its aliases (`'candidates[].action': ['title', 'name']`). */
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  /** Keys the schema does not declare. Default `strip` (recorded) for plain Zod objects. */
  readonly extras?: ExtrasPolicy;
  /** Field path → synonym table (`status`, `checks.tests`, `tags[]`). */
  readonly synonyms?: Readonly<Record<string, SynonymTable>>;
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
  /** Prompt-echo marker lists; the seed's lists when omitted. */
  readonly promptEcho?: PromptEchoMarkers;
  /**
   * `drop`: a null in an optional, non-nullable property means the field was
   * left out. A provider that must send every property (OpenAI strict mode)
   * sends null there; it is removed and recorded (`optional_null_dropped`).
   * Set by `fromProvider` (`@airlock/core/schema`); needs a profile schema.
   */
  readonly optionalNulls?: 'drop';
}

/** Wrapper keys accepted across artifacts (output-normalization seed). */
export const DEFAULT_WRAPPER_KEYS: readonly string[] = ['output', 'result', 'data', 'document', 'artifact'];

/** The seed's prompt-echo markers. */
export const DEFAULT_PROMPT_ECHO: Required<Omit<PromptEchoMarkers, 'enabled'>> = {
  hard: ['CRITICAL OUTPUT RULE:', 'CONTEXT REFRESH:'],
  soft: ['## System Role', '## Task', '## Instructions', '## Expected Output Format', '## Context'],
  schema: ['## Expected Output Format', '### ticket_details', '# Ticket:'],
};
