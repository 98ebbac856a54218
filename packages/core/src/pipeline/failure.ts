import type { FailureClass, ParseFailure } from '../types.js';

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

/** The failure as a caller sees it: a deferred message worded now. */
export function reported(result: ParseFailure): ParseFailure {
  const explain = deferred.get(result);
  return explain === undefined ? result : { ...result, extractionError: explain() };
}
