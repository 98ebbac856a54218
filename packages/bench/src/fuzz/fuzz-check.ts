/**
 * One fuzz input through `safeParse` and every property the harness guards: it
 * never throws (nor fails with an internal error caught at its boundary), never
 * pollutes a prototype, and returns a well-formed result
 * that `JSON.stringify` can write (a batch worker serializes every result).
 * Runs the same in a worker thread and in the test process.
 */
import { safeParse, type ParseResult } from '@airlock/core';
import { z } from 'zod';
import { benchContract } from '../contract.js';

/** The contracts each input is parsed against: anything, and the run-log contract. */
export const FUZZ_CONTRACTS = { unknown: z.unknown(), bench: benchContract } as const;
export type FuzzContract = keyof typeof FUZZ_CONTRACTS;

export type ProblemKind = 'throw' | 'pollution' | 'malformed';

/** What one input did. */
export interface CheckOutcome {
  ms: number;
  problems: { kind: ProblemKind; detail: string }[];
  /** The result's failure class, or 'success'. */
  verdict: string;
}

const FAILURES = new Set(['empty_output', 'truncated', 'prompt_echo', 'no_candidate', 'syntax', 'schema', 'repair_denied', 'bad_record']);
const PROTOTYPES: readonly object[] = [Object.prototype, Array.prototype, Function.prototype, String.prototype];

function ownNames(target: object): string {
  return Reflect.ownKeys(target).map(String).sort().join(',');
}

/** Why a result is not the documented shape, or null. */
function malformation(result: ParseResult<unknown>): string | null {
  if (typeof result !== 'object' || result === null) return 'not an object';
  if (!Array.isArray(result.interventions)) return 'interventions is not an array';
  for (const i of result.interventions) {
    if (typeof i.rule !== 'string' || typeof i.message !== 'string' || typeof i.stage !== 'string' || typeof i.category !== 'string') return `bad intervention ${JSON.stringify(i).slice(0, 200)}`;
    if (i.span !== undefined && !(Array.isArray(i.span) && i.span.length === 2 && i.span[0] <= i.span[1])) return `bad span ${JSON.stringify(i.span)}`;
  }
  if (typeof result.repairApplied !== 'boolean') return 'repairApplied is not a boolean';
  if (result.success === true) {
    if (!('data' in result) || result.candidate === undefined) return 'success without data or candidate';
  } else if (result.success === false) {
    if (!FAILURES.has(result.failure)) return `unknown failure class ${String(result.failure)}`;
    if (result.extractionError !== undefined && typeof result.extractionError !== 'string') return 'extractionError is not a string';
  } else return 'success is not a boolean';
  try {
    JSON.stringify(result);
  } catch (error) {
    return `result does not serialize: ${(error as Error).message}`;
  }
  return null;
}

/**
 * Parses `text` against a fuzz contract and checks the result.
 *
 * @example
 * checkInput('{"a":1}', 'unknown').problems // []
 */
export function checkInput(text: string, contract: FuzzContract): CheckOutcome {
  const before = PROTOTYPES.map(ownNames);
  const problems: CheckOutcome['problems'] = [];
  const start = performance.now();
  let result: ParseResult<unknown> | undefined;
  try {
    result = safeParse(text, FUZZ_CONTRACTS[contract] as z.ZodType<unknown>);
  } catch (error) {
    problems.push({ kind: 'throw', detail: String((error as Error)?.stack ?? error).slice(0, 2000) });
  }
  const ms = performance.now() - start;
  PROTOTYPES.forEach((proto, k) => {
    if (ownNames(proto) !== before[k]) problems.push({ kind: 'pollution', detail: `a prototype gained keys: ${ownNames(proto)}` });
  });
  if (({} as Record<string, unknown>)['polluted'] !== undefined) problems.push({ kind: 'pollution', detail: 'Object.prototype.polluted is set' });
  if (result !== undefined) {
    const bad = malformation(result);
    if (bad !== null) problems.push({ kind: 'malformed', detail: bad });
    // safeParse turns a stage's exception into a failure at its boundary: still a bug to report.
    if (!result.success && result.extractionError?.startsWith('Internal error') === true) problems.push({ kind: 'throw', detail: result.extractionError });
  }
  return { ms, problems, verdict: result === undefined ? 'throw' : result.success ? 'success' : result.failure };
}

/** The harness's slowness rule: over 100 ms, and over 100 ms per 10 KB of input. */
export function isSlow(ms: number, length: number): boolean {
  return ms > 100 && ms > (100 * length) / 10_240;
}
