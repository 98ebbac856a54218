/**
 * What every normalization stage takes and returns. Stages are pure and
 * total: `(value, contract, options) → { value, interventions, failure? }`.
 */
import type { Category, Intervention, ValidationIssue, ValuePath } from '../types.js';
import type { AlignCode } from './align-codes.js';
import type { NormalizeCode } from './codes.js';

/** Options the normalization stages read. */
export interface NormalizeOptions {
  /** Runtime context: the only source besides text and contract a fill may use. */
  context?: Readonly<Record<string, unknown>>;
  /** True when the parser closed a truncated structure. */
  truncated?: boolean;
  /**
   * Keys on lines a structural YAML repair moved (re-indented, split, nested): the extras
   * policy refuses rather than strip one of them, since the repair may have put it in the
   * wrong place and stripping would lose data the text holds.
   */
  movedKeys?: ReadonlySet<string>;
}

/** A refusal: the value cannot be normalized without guessing (e.g. ambiguous aliases). */
export interface NormalizeFailure {
  message: string;
  issues: ValidationIssue[];
}

export interface NormalizeOutcome {
  value: unknown;
  interventions: Intervention[];
  /** Set when a stage refused; the pipeline reports failure class `schema`. */
  failure?: NormalizeFailure;
}

/**
 * One normalize-stage intervention; `before`/`after` are excerpts (see `excerpt`).
 *
 * @example
 * normalizeChange('key_aliased', 'cleanup', 'Renamed key "title" to "action" at candidates[0].', ['candidates', 0, 'action'], 'title', 'action')
 */
export function normalizeChange(
  rule: NormalizeCode | AlignCode,
  category: Category,
  message: string,
  path: ValuePath,
  before?: string,
  after?: string,
): Intervention {
  const change: Intervention = { rule, stage: 'normalize', category, message, path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return change;
}
