/**
 * Names of the whole-process measurements (the results' headline): the rows' case and
 * subject labels and the ratio ids, shared by the macro suite that records them and the
 * report that puts them first. Ids are stable: `compare` matches runs on them.
 */

/**
 * The subjects, in the headline's column order. `cli_default` runs only where the CLI's default
 * thread count for the log is none of 0, 1 and 2 (a machine with more cores); otherwise the
 * subject with the default count is the one run without `--threads`.
 */
export const PROCESS_SUBJECTS = ['naive', 'cli0', 'cli1', 'cli2', 'cli_default'] as const;
export type ProcessSubjectKey = (typeof PROCESS_SUBJECTS)[number];

const SUBJECT_LABELS: Record<ProcessSubjectKey, string> = {
  naive: 'naive script writing its results, fresh process',
  cli0: '`airlock batch`, inline (threads 0), fresh process',
  cli1: '`airlock batch`, 1 thread, fresh process',
  cli2: '`airlock batch`, 2 threads, fresh process',
  cli_default: '`airlock batch`, default threads (one per core), fresh process',
};

/** Column heads of the headline table. */
export const PROCESS_COLUMNS: Record<ProcessSubjectKey, string> = { naive: 'naive script', cli0: 'inline', cli1: '1 thread', cli2: '2 threads', cli_default: 'default threads' };

/** Appended to the label of the subject run without `--threads` (the CLI's default for the log). */
const DEFAULT_MARK = ' — no --threads flag (the default here)';

/**
 * The row subject of a whole-process subject.
 *
 * @example
 * processSubjectLabel('cli2', true) // '`airlock batch`, 2 threads, fresh process — no --threads flag (the default here)'
 */
export function processSubjectLabel(key: ProcessSubjectKey, isDefault: boolean): string {
  return `${SUBJECT_LABELS[key]}${isDefault ? DEFAULT_MARK : ''}`;
}

/** Whether a row subject is `key`'s, and whether that run was the default one; null when it is not `key`'s. */
export function readProcessSubject(key: ProcessSubjectKey, subject: string): { isDefault: boolean } | null {
  if (subject === SUBJECT_LABELS[key]) return { isDefault: false };
  return subject === `${SUBJECT_LABELS[key]}${DEFAULT_MARK}` ? { isDefault: true } : null;
}

const CASE_SUFFIX = ', whole process';

/**
 * The row case of a log size, and back.
 *
 * @example
 * processCase('20MB') // 'run log 20MB, whole process'
 * processSizeOf('run log 20MB, whole process') // '20MB'
 */
export function processCase(sizeLabel: string): string {
  return `run log ${sizeLabel}${CASE_SUFFIX}`;
}

export function processSizeOf(caseName: string): string | null {
  const match = /^run log (\S+), whole process$/.exec(caseName);
  return match === null ? null : match[1]!;
}

/**
 * Id of a whole-process ratio of one log size.
 *
 * @example
 * processRatioId('200MB', 'cli2_vs_cli1') // 'macro.process_200MB.cli2_vs_cli1'
 */
export function processRatioId(sizeLabel: string, name: string): string {
  return `macro.process_${sizeLabel}.${name}`;
}

/** Id of one subject's peak RSS at one log size (`compare` flags a peak that grew > 20 %). */
export function processPeakRssId(sizeLabel: string, key: ProcessSubjectKey): string {
  return processRatioId(sizeLabel, `peak_rss_mb.${key}`);
}
