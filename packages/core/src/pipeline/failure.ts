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
