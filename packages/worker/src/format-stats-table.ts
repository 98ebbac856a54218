/**
 * The end-of-run summary as a plain-text table (no colors: it lands in logs
 * and CI output as often as on a terminal).
 */
import { NO_AGENT } from './batch-counts.js';
import type { BatchCounts, BatchStats, FailureExample, OutcomeCounts } from './types.js';
import { groupDigits } from './group-digits.js';

function percent(part: number, whole: number): string {
  return whole === 0 ? '' : `${((100 * part) / whole).toFixed(1)}%`;
}

function row(label: string, value: number, whole: number, indent = 2): string {
  return `${' '.repeat(indent)}${label.padEnd(30 - indent)}${groupDigits(value).padStart(10)}  ${percent(value, whole).padStart(6)}`;
}

/** Entries sorted by count, descending, then by name so ties print in a stable order. */
function ranked(map: Record<string, number>): [string, number][] {
  return Object.entries(map).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function outcomeLines(counts: OutcomeCounts, truncated?: number, salvaged?: number): string[] {
  const lines = [
    `${'records'.padEnd(30)}${groupDigits(counts.records).padStart(10)}`,
    row('valid, untouched', counts.validUntouched, counts.records),
    row('valid after repair', counts.validRepaired, counts.records),
  ];
  // Valid, but the model's output was cut off and the parser closed it: worth knowing.
  if (truncated !== undefined && truncated > 0) lines.push(row('output truncated', truncated, counts.records, 4));
  lines.push(row('failed', counts.failed, counts.records));
  for (const [failure, n] of ranked(counts.failures as Record<string, number>)) {
    lines.push(row(failure, n, counts.records, 4));
    // Cut-off records written with their partial value (--salvage-truncated): still failures.
    if (failure === 'truncated' && salvaged !== undefined && salvaged > 0) lines.push(row('partial value salvaged', salvaged, counts.records, 6));
  }
  return lines;
}

function agentLines(counts: BatchCounts, limit: number): string[] {
  const agents = Object.entries(counts.agents).sort((a, b) => b[1].records - a[1].records || (a[0] < b[0] ? -1 : 1));
  // A log without agent fields has only the `(none)` bucket: nothing to break down.
  if (agents.length === 0 || (agents.length === 1 && agents[0]![0] === NO_AGENT)) return [];
  const head = `${'agents'.padEnd(22)}${'records'.padStart(10)}${'untouched'.padStart(11)}${'repaired'.padStart(10)}${'failed'.padStart(9)}`;
  const lines = ['', head];
  for (const [agent, c] of agents.slice(0, limit)) {
    const name = agent.length > 19 ? `${agent.slice(0, 18)}…` : agent;
    lines.push(`  ${name.padEnd(20)}${groupDigits(c.records).padStart(10)}${groupDigits(c.validUntouched).padStart(11)}${groupDigits(c.validRepaired).padStart(10)}${groupDigits(c.failed).padStart(9)}`);
  }
  if (agents.length > limit) lines.push(`  … ${agents.length - limit} more agents`);
  return lines;
}

function exampleLines(examples: BatchCounts['examples'] | undefined): string[] {
  const entries = Object.entries(examples ?? {}).filter((e): e is [string, FailureExample] => e[1] !== undefined);
  if (entries.length === 0) return [];
  entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const lines = ['', 'one example per failure class'];
  for (const [failure, e] of entries) {
    const where = `${e.file === undefined ? '' : `${e.file} `}line ${e.line}${e.id === null ? '' : ` (id ${String(e.id)})`}`;
    // Bad records' errors already start with their line.
    const error = e.error.replace(/^line \d+: /, '');
    lines.push(`  ${failure.padEnd(20)}${where}: ${error}`);
  }
  return lines;
}

/** How many rules and agents the table lists. */
export interface FormatStatsOptions {
  /** Rules listed (default: every rule). */
  topRules?: number;
  topAgents?: number;
  /** How the run ran, for the throughput line (default: from the thread count). */
  mode?: string;
}

/**
 * Formats run statistics as the summary table the CLI prints.
 *
 * @example
 * console.log(formatStatsTable(await runBatch(options)));
 */
export function formatStatsTable(stats: BatchStats, options: FormatStatsOptions = {}): string {
  const lines = outcomeLines(stats, stats.truncated, stats.salvaged);
  lines.push(...exampleLines(stats.examples));
  const rules = ranked(stats.rules);
  const topRules = options.topRules ?? rules.length;
  if (rules.length > 0) {
    lines.push('', 'intervention rules');
    for (const [rule, n] of rules.slice(0, topRules)) lines.push(`  ${rule.padEnd(28)}${groupDigits(n).padStart(10)}`);
    if (rules.length > topRules) lines.push(`  … ${rules.length - topRules} more rules`);
  }
  lines.push(...agentLines(stats, options.topAgents ?? 10));
  const mode = options.mode ?? (stats.threads === 0 ? 'inline' : `${stats.threads} thread${stats.threads === 1 ? '' : 's'}`);
  const resumed = stats.resumedFrom > 0 ? `, resumed after ${groupDigits(stats.resumedFrom)} records` : '';
  lines.push(
    '',
    `throughput: ${groupDigits(stats.recordsPerSecond)} records/s, ${stats.mbPerSecond.toFixed(2)} MB/s (${mode}, ${(stats.elapsedMs / 1000).toFixed(1)} s${resumed})`,
  );
  if (!stats.complete) lines.push('interrupted: the checkpoint is kept; rerun with --resume to continue');
  return lines.join('\n');
}
