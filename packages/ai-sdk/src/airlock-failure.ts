/**
 * Where a failed repair leaves Airlock's verdict. The AI SDK throws its own
 * `NoObjectGeneratedError` when a repair gives up; we do not replace that error
 * (callers already catch it), we remember Airlock's failure beside it, keyed by
 * the error objects themselves so nothing leaks and nothing is mutated.
 */
import type { ParseFailure } from '@airlock/core';

const failures = new WeakMap<object, ParseFailure>();

/** Remembers Airlock's failure for an SDK error (or the error's `cause`). */
export function recordFailure(error: unknown, failure: ParseFailure): void {
  if (typeof error === 'object' && error !== null) failures.set(error, failure);
}

/**
 * Airlock's failed result behind an AI SDK error, when Airlock tried to repair the
 * output and could not: `failure` names why (`syntax`, `schema`, `truncated`, …),
 * `validationErrors` / `extractionError` say where. `undefined` for any other error.
 *
 * @example
 * try {
 *   await generateObject({ model, schema, experimental_repairText: repairText(schema) });
 * } catch (error) {
 *   const failure = airlockFailure(error);
 *   if (failure) console.error(failure.failure, failure.validationErrors); // 'schema', [{ path, message }]
 *   throw error;
 * }
 */
export function airlockFailure(error: unknown): ParseFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // generateText's output throws the error we saw; generateObject throws a new one whose
  // cause is the parse/validation error its repair function received.
  return failures.get(error) ?? failures.get((error as { cause?: unknown }).cause as object);
}
