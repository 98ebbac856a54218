/**
 * A contract's checks: what the schema alone cannot say, run on the validated
 * value with the runtime context (`options.context`): a refinement's changes
 * against the winning draft, answers against the approved interview. A check
 * may refuse, or change the value with a recorded reason; a check whose
 * context is missing refuses and names the key, never passes silently.
 */
import type { Category, Intervention, ValidationIssue, ValuePath } from '../types.js';
import type { CheckCode } from './check-codes.js';

/** One change a check made, recorded as an intervention (stage `semantic_validation`). */
export interface CheckNote {
  readonly rule: CheckCode;
  readonly message: string;
  readonly path?: ValuePath;
  readonly before?: string;
  readonly after?: string;
}

/** What a check returns: issues refuse the value; otherwise the (possibly changed) value and its notes. */
export interface CheckOutcome<T> {
  readonly issues?: readonly (string | ValidationIssue)[];
  readonly value?: T;
  readonly notes?: readonly CheckNote[];
}

/**
 * A check of a contract.
 *
 * @example
 * const noSelfEdge: ContractCheck<Bead[]> = {
 *   name: 'bead dependencies',
 *   run: (beads) => ({ issues: beads.filter((b) => b.blocked_by.includes(b.id)).map((b) => `Bead ${b.id} depends on itself`) }),
 * };
 * const withWinner: ContractCheck<Doc> = { name: 'changes', needs: ['winner_draft'], run: (doc, ctx) => compare(doc, ctx['winner_draft']) };
 */
export interface ContractCheck<T = unknown> {
  readonly name: string;
  /** Context keys the check reads; when one is absent or null the value is refused with a message naming it. */
  readonly needs?: readonly string[];
  /** Method syntax on purpose: a contract of one type is usable where a contract of unknown is. */
  run(value: T, context: Readonly<Record<string, unknown>>): CheckOutcome<T>;
}

const CATEGORY: Readonly<Record<CheckCode, Category>> = {
  check_canonicalized: 'cleanup',
  check_restored: 'cleanup',
  check_recomputed: 'cleanup',
  check_synthesized: 'synthesized',
  check_dropped: 'dropped',
};

export type ChecksResult<T> = { ok: true; value: T; interventions: Intervention[] } | { ok: false; message: string; issues: ValidationIssue[] };

function asIssue(issue: string | ValidationIssue): ValidationIssue {
  return typeof issue === 'string' ? { path: '(root)', message: issue } : issue;
}

/**
 * Runs the checks in order, each on the value the previous one left. Never throws: a check
 * that throws refuses the value with its message.
 *
 * @example
 * runChecks([noSelfEdge], beads, {}) // { ok: true, value: beads, interventions: [] }
 */
export function runChecks<T>(checks: readonly ContractCheck<T>[], value: T, context: Readonly<Record<string, unknown>> = {}): ChecksResult<T> {
  let current = value;
  const interventions: Intervention[] = [];
  for (const check of checks) {
    const missing = (check.needs ?? []).filter((key) => context[key] === undefined || context[key] === null);
    if (missing.length > 0) {
      const message = `The check "${check.name}" needs ${missing.map((k) => `context.${k}`).join(' and ')}, which the caller did not give.`;
      return { ok: false, message, issues: [{ path: '(root)', message }] };
    }
    let outcome: CheckOutcome<T>;
    try {
      outcome = check.run(current, context);
    } catch (error) {
      const message = `The check "${check.name}" threw: ${(error as Error)?.message ?? String(error)}`;
      return { ok: false, message, issues: [{ path: '(root)', message }] };
    }
    if (outcome.issues !== undefined && outcome.issues.length > 0) {
      const issues = outcome.issues.map(asIssue);
      return { ok: false, message: `The check "${check.name}" refuses the value: ${issues[0]!.message}`, issues };
    }
    if (outcome.value !== undefined) current = outcome.value;
    for (const note of outcome.notes ?? []) {
      interventions.push({ rule: note.rule, stage: 'semantic_validation', category: CATEGORY[note.rule], message: note.message, ...(note.path && { path: note.path }), ...(note.before !== undefined && { before: note.before }), ...(note.after !== undefined && { after: note.after }) });
    }
  }
  return { ok: true, value: current, interventions };
}
