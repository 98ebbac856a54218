/**
 * The headline of `results/*.md`: the whole-process table (what a user waits for), from the
 * macro suite's whole-process rows and peak-RSS ratios (names in whole-process-names.ts).
 */
import { formatRatioValue } from './format-ratio-value.js';
import type { BenchResults, MeasurementRow } from './results.js';
import { PROCESS_COLUMNS, PROCESS_SUBJECTS, processPeakRssId, processSizeOf, readProcessSubject, type ProcessSubjectKey } from './whole-process-names.js';

/** The row of one subject at one size, and whether it ran without `--threads`. */
interface Cell {
  row: MeasurementRow;
  isDefault: boolean;
}

function findCell(rows: readonly MeasurementRow[], size: string, key: ProcessSubjectKey): Cell | undefined {
  for (const row of rows) {
    if (processSizeOf(row.case) !== size) continue;
    const read = readProcessSubject(key, row.subject);
    if (read !== null) return { row, isDefault: read.isDefault };
  }
  return undefined;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Markdown lines of the headline section, or none when the run has no whole-process rows.
 *
 * @example
 * renderHeadline(results) // ['## Headline: …', '', '| log | naive script | inline | …', …]
 */
export function renderHeadline(results: BenchResults): string[] {
  const rows = results.suites.flatMap((s) => s.rows).filter((r) => r.suite === 'macro' && processSizeOf(r.case) !== null);
  const sizes = [...new Set(rows.map((r) => processSizeOf(r.case)!))];
  if (sizes.length === 0) return [];
  const ratios = new Map(results.ratios.map((r) => [r.id, r.value]));
  const columns = PROCESS_SUBJECTS.filter((key) => sizes.some((size) => findCell(rows, size, key) !== undefined));
  const peak = (size: string, key: ProcessSubjectKey): string => formatRatioValue('MB', ratios.get(processPeakRssId(size, key)) ?? null);
  const lines = [
    '## Headline: the whole process, as a user waits for it',
    '',
    'Each subject is a fresh process over the same log, timed from spawn to exit (start-up, module loading, pool start and warm-up included): the naive pipeline as a script writing one result line per record, and `airlock batch` writing its results. Best of the rounds (each round runs every subject once, in turn); × = the naive script\'s time / the subject\'s; * = run without `--threads`, the CLI\'s default for that log.',
    '',
    `| log | ${columns.map((key) => PROCESS_COLUMNS[key]).join(' | ')} | peak RSS (2 threads) |`,
    `| --- | ${columns.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const size of sizes) {
    const naive = findCell(rows, size, 'naive')?.row.medianMs ?? null;
    const cells = columns.map((key) => {
      const cell = findCell(rows, size, key);
      const ms = cell?.row.medianMs ?? null;
      if (cell === undefined || ms === null) return 'n/a';
      const speed = key === 'naive' || naive === null ? '' : ` (${(naive / ms).toFixed(2)}×)`;
      return `${seconds(ms)}${speed}${cell.isDefault ? ' *' : ''}`;
    });
    lines.push(`| ${size} | ${cells.join(' | ')} | ${peak(size, 'cli2')} |`);
  }
  const peaks = sizes.map((size) => `${size}: ${columns.map((key) => `${PROCESS_COLUMNS[key]} ${peak(size, key)}`).join(', ')}`);
  lines.push('', `Peak RSS of every process (\`VmHWM\`, all threads): ${peaks.join('; ')}.`);
  return lines;
}
