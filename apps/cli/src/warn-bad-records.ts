/**
 * The one warning line of a batch whose records were mostly read wrongly, shared
 * by the local and the queued `airlock batch`.
 */
import { BAD_RECORD_SAMPLE, checkBadRecords, groupDigits, type BatchStats } from '@airlock/worker';
import type { CliIo } from './cli-io.js';

/** Exit status of a run whose records were mostly unreadable, with --strict-records. */
export const STRICT_RECORDS_STATUS = 3;

/** What the check needs to know about the run. */
export interface BadRecordRun {
  output: string;
  inputs: readonly string[];
  field: string;
  idField: string;
  strict: boolean;
}

/**
 * Prints the warning (an error with `strict`) when more than half of the first 1,000
 * records are `bad_record` for one reason; resolves to true when the run must fail.
 *
 * @example
 * if (await warnBadRecords(stats, { output, inputs: [log], field: 'output', idField: 'id', strict: false }, io)) return STRICT_RECORDS_STATUS;
 */
export async function warnBadRecords(stats: Pick<BatchStats, 'records' | 'failures'>, run: BadRecordRun, io: CliIo): Promise<boolean> {
  // Only a run with enough bad records to make a majority of the first 1,000 pays for a look at its output.
  if ((stats.failures.bad_record ?? 0) * 2 <= Math.min(stats.records, BAD_RECORD_SAMPLE)) return false;
  const warning = await checkBadRecords(run.output, run.inputs, { field: run.field, idField: run.idField });
  if (warning === undefined) return false;
  const hint = warning.hint === undefined ? '' : ` (${warning.hint})`;
  io.stderr.write(`airlock batch: ${run.strict ? 'error' : 'warning'}: ${groupDigits(warning.count)} of the first ${groupDigits(warning.of)} records are bad_record: ${warning.reason}${hint}${run.strict ? ' (--strict-records)' : ''}\n`);
  return run.strict;
}
