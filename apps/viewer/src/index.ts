/**
 * @airlock/viewer: a batch output as one self-contained HTML report (no
 * server, no network): overview charts, a filterable record list that stays
 * fast at 100,000 records, each record's raw text with the candidate and every
 * intervention highlighted, and two outputs of the same log compared.
 *
 * @example
 * import { writeReport } from '@airlock/viewer';
 * await writeReport('report.html', [{ label: 'out.ndjson', metadata, records }]);
 *
 * @module @airlock/viewer
 */
export { renderReport, writeReport, type RenderReportOptions } from './render-report.js';
export { collectRun, DEFAULT_CHUNK_SIZE, type ReportRecord, type ReportRunInput, type CollectedRun } from './collect-run.js';
export type { EmbeddedReport, EmbeddedRun, RecordDetails } from './report-format.js';
export { readLogTexts, readRunTexts } from './read-log-texts.js';
export { findRunLogs, checkRunLogs, type RunLog, type RunLogSearch, type CheckedRunLogs } from './find-run-logs.js';
