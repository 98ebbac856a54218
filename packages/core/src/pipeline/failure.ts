import type { FailureClass, ParseFailure, ValidationIssue } from '../types.js';

/** Builds a failed result. */
export function failure(failureClass: FailureClass, message: string, extra: Partial<ParseFailure> = {}): ParseFailure {
  return { success: false, failure: failureClass, extractionError: message, interventions: [], repairApplied: false, ...extra };
}

/** How far a candidate got: the failure of the most advanced candidate is reported. */
export const FAILURE_RANK: Record<FailureClass, number> = {
  bad_record: 0,
  empty_output: 0,
  no_candidate: 1,
  syntax: 2,
  truncated: 3,
  repair_denied: 4,
  schema: 5,
  prompt_echo: 6,
};

/** Failures whose message is worded only when reported (see `ParseOutcome.explain`). */
const deferred = new WeakMap<ParseFailure, () => string>();

/**
 * Builds a failed result whose message `explain` words later, if it is the one reported.
 *
 * @example
 * const result = deferredFailure('syntax', 'not YAML', () => loadYaml(text).error);
 * reported(result).extractionError // yaml's own error
 */
export function deferredFailure(failureClass: FailureClass, message: string, explain: (() => string) | undefined, extra: Partial<ParseFailure> = {}): ParseFailure {
  const result = failure(failureClass, message, extra);
  if (explain !== undefined) deferred.set(result, explain);
  return result;
}

/** Failures whose validation issues are worded only when reported (see `checkValue`). */
const deferredIssueLists = new WeakMap<ParseFailure, () => ValidationIssue[]>();

/**
 * The failure, with validation issues worded only if it is the one reported: a candidate loop
 * rejects many values, and wording each one's issues costs a second parse.
 *
 * @example
 * const result = deferredIssues(failure('schema', 'no match'), () => checked.issues());
 * reported(result).validationErrors // the issues, worded now
 */
export function deferredIssues(result: ParseFailure, issues: () => ValidationIssue[]): ParseFailure {
  deferredIssueLists.set(result, issues);
  return result;
}

/** The failure as a caller sees it: a deferred message and deferred issues worded now. */
export function reported(result: ParseFailure): ParseFailure {
  const explain = deferred.get(result);
  const issues = deferredIssueLists.get(result);
  if (explain === undefined && issues === undefined) return result;
  const worded: ParseFailure = { ...result };
  if (explain !== undefined) worded.extractionError = explain();
  if (issues !== undefined) worded.validationErrors = issues();
  return worded;
}
