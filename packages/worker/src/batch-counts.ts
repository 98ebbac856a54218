/**
 * Outcome counting. Counts are plain data with null-prototype maps, so any
 * agent or rule name (even `__proto__`) is just a key, and they merge
 * associatively: chunk counts from any thread add up to the same totals.
 */
import type { ParseResult } from '@airlock/core';
import type { BatchCounts, FailureExample, OutcomeCounts, RecordOutcome } from './types.js';

/** Agent key for records without an `agent` field. */
export const NO_AGENT = '(none)';

function emptyOutcomes(): OutcomeCounts {
  return { records: 0, validUntouched: 0, validRepaired: 0, failed: 0, failures: Object.create(null) as OutcomeCounts['failures'] };
}

/**
 * Fresh, zeroed counts.
 *
 * @example
 * const counts = emptyCounts(); counts.records; // 0
 */
export function emptyCounts(): BatchCounts {
  return {
    ...emptyOutcomes(),
    rules: Object.create(null) as Record<string, number>,
    agents: Object.create(null) as Record<string, OutcomeCounts>,
    inputBytes: 0,
    truncated: 0,
    salvaged: 0,
    examples: Object.create(null) as BatchCounts['examples'],
  };
}

/**
 * The outcome of one result: valid untouched (zero interventions), valid after repair, or failed with its class.
 *
 * @example
 * outcomeOf({ success: false, failure: 'schema', interventions: [], repairApplied: false }); // 'failed:schema'
 */
export function outcomeOf(result: Pick<ParseResult<unknown>, 'success' | 'interventions'> & { failure?: string }): RecordOutcome {
  if (result.success) return result.interventions.length === 0 ? 'valid_untouched' : 'valid_repaired';
  return `failed:${result.failure ?? 'unknown'}`;
}

function bump<K extends string>(map: Partial<Record<K, number>>, key: K, by: number): void {
  map[key] = (map[key] ?? 0) + by;
}

function addOutcome(into: OutcomeCounts, outcome: RecordOutcome): void {
  into.records++;
  if (outcome === 'valid_untouched') into.validUntouched++;
  else if (outcome === 'valid_repaired') into.validRepaired++;
  else {
    into.failed++;
    bump(into.failures as Record<string, number>, outcome.slice('failed:'.length), 1);
  }
}

/** Longest error kept in a failure example. */
const EXAMPLE_ERROR_LENGTH = 160;

function exampleError(result: ParseResult<unknown>): string {
  if (result.success) return '';
  // A schema failure's first validation error says more than its generic sentence; other
  // classes (a truncated output that also fails validation) are best told by their own.
  const first = result.failure === 'schema' ? result.validationErrors?.[0] : undefined;
  const text = first !== undefined ? `${first.path === '' ? '' : `${first.path}: `}${first.message}` : result.extractionError ?? result.validationErrors?.[0]?.message ?? result.failure;
  const line = text.split('\n', 1)[0]!;
  return line.length > EXAMPLE_ERROR_LENGTH ? `${line.slice(0, EXAMPLE_ERROR_LENGTH - 1)}…` : line;
}

/** Where a record is, for a failure example. */
export interface CountedPlace {
  line: number;
  file?: string | undefined;
  id: string | number | null;
}

/**
 * Adds one result to the counts (with its place, the first failure of each class becomes its example).
 *
 * @example
 * countResult(counts, result, 'planner', { line: 12, id: 'r12' });
 */
export function countResult(counts: BatchCounts, result: ParseResult<unknown>, agent: string | undefined, place?: CountedPlace): void {
  const outcome = outcomeOf(result);
  if (result.success) {
    if (result.truncated) counts.truncated++;
  } else if (place !== undefined && counts.examples[result.failure] === undefined) {
    const example: FailureExample = { line: place.line, id: place.id, error: exampleError(result) };
    if (place.file !== undefined) example.file = place.file;
    counts.examples[result.failure] = example;
  }
  addOutcome(counts, outcome);
  const agentKey = agent ?? NO_AGENT;
  const perAgent = (counts.agents[agentKey] ??= emptyOutcomes());
  addOutcome(perAgent, outcome);
  for (const intervention of result.interventions) bump(counts.rules, intervention.rule, 1);
}

function mergeOutcomes(into: OutcomeCounts, from: OutcomeCounts): void {
  into.records += from.records;
  into.validUntouched += from.validUntouched;
  into.validRepaired += from.validRepaired;
  into.failed += from.failed;
  for (const [key, n] of Object.entries(from.failures)) bump(into.failures as Record<string, number>, key, n ?? 0);
}

/**
 * Adds `from` into `into` (works on counts that crossed a thread or came from JSON).
 *
 * @example
 * mergeCounts(total, chunkCounts);
 */
export function mergeCounts(into: BatchCounts, from: BatchCounts): void {
  mergeOutcomes(into, from);
  into.inputBytes += from.inputBytes;
  // Counts from a checkpoint of an older version have neither.
  into.truncated += from.truncated ?? 0;
  into.salvaged += from.salvaged ?? 0;
  // `into` holds earlier records (chunks merge in input order): its example stays.
  for (const [failure, example] of Object.entries(from.examples ?? {})) {
    if (example !== undefined && into.examples[failure as keyof BatchCounts['examples']] === undefined) into.examples[failure as keyof BatchCounts['examples']] = example;
  }
  for (const [rule, n] of Object.entries(from.rules)) bump(into.rules, rule, n);
  for (const [agent, outcomes] of Object.entries(from.agents)) mergeOutcomes((into.agents[agent] ??= emptyOutcomes()), outcomes);
}

/**
 * Counts from untrusted JSON (a checkpoint) rebuilt into null-prototype maps.
 *
 * @example
 * const counts = reviveCounts(JSON.parse(text).counts);
 */
export function reviveCounts(value: BatchCounts): BatchCounts {
  const counts = emptyCounts();
  mergeCounts(counts, value);
  return counts;
}
