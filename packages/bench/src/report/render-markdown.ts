/**
 * The human report of a run (`results/latest.md`): the headline first (the
 * whole-process table, render-headline.ts), then the targets table, every other
 * ratio, the measurements, notes and what was unavailable.
 */
import { formatRatioValue } from './format-ratio-value.js';
import { renderHeadline } from './render-headline.js';
import type { BenchResults, MeasurementRow, RatioResult } from './results.js';

const value = (r: Pick<RatioResult, 'unit'>, v: number | null): string => formatRatioValue(r.unit, v);

function target(r: RatioResult): string {
  return r.target === undefined ? '' : `${r.target.op === '>=' ? '≥' : '≤'} ${value(r, r.target.value)}`;
}

function status(r: RatioResult): string {
  if (r.pass === true) return 'pass';
  if (r.pass === false) return '**miss**';
  return r.value === null ? 'not available yet' : '';
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function ratioTable(ratios: readonly RatioResult[], withTarget: boolean): string[] {
  const head = withTarget ? ['| metric | value | target | status | note |', '| --- | ---: | ---: | --- | --- |'] : ['| metric | id | value | note |', '| --- | --- | ---: | --- |'];
  return [
    ...head,
    ...ratios.map((r) =>
      withTarget
        ? `| ${cell(r.label)} | ${value(r, r.value)} | ${target(r)} | ${status(r)} | ${cell(r.note)} |`
        : `| ${cell(r.label)} | \`${r.id}\` | ${value(r, r.value)} | ${cell(r.note)} |`,
    ),
  ];
}

function rowTable(rows: readonly MeasurementRow[]): string[] {
  const fmt = (n: number | null, digits: number): string => (n === null ? '—' : n.toFixed(digits));
  return [
    '| suite | case | subject | ops/s | MB/s | median ms | note |',
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.suite} | ${cell(r.case)} | ${cell(r.subject)} | ${r.status === 'ok' ? fmt(r.opsPerSec, r.opsPerSec !== null && r.opsPerSec < 10 ? 2 : 0) : r.status} | ${fmt(r.mbPerSec, 1)} | ${fmt(r.medianMs, 3)} | ${cell(r.note)} |`,
    ),
  ];
}

/**
 * @example
 * await writeFile('results/latest.md', renderMarkdown(results));
 */
export function renderMarkdown(results: BenchResults): string {
  const env = results.environment;
  const targeted = results.ratios.filter((r) => r.target !== undefined);
  const info = results.ratios.filter((r) => r.target === undefined);
  const crashed = results.suites.filter((s) => s.status === 'crashed');
  const notes = results.suites.flatMap((s) => s.notes.map((n) => `- **${s.name}**: ${n.replace(/\n/g, '\n  ')}`));
  const headline = renderHeadline(results);
  const lines = [
    `# Airlock bench results (${results.mode})`,
    '',
    `${results.createdAt} · Node ${env.node} · ${env.platform}/${env.arch} · ${env.cpus} × ${env.cpuModel} · ${(results.durationMs / 1000).toFixed(0)} s · WASM scanner in the pipeline: ${env.wasmScanner}${env.core === undefined ? '' : ` · @airlock/core: ${env.core}`}`,
    '',
    'Ratios are measured in the same run (subject ÷ baseline, ops/s; higher = Airlock faster unless noted). Targets are goals, not assertions.',
    '',
    ...(headline.length > 0 ? [...headline, ''] : []),
    '## Targets',
    '',
    ...ratioTable(targeted, true),
    '',
    '## Other ratios',
    '',
    ...ratioTable(info, false),
    '',
    '## Measurements',
    '',
    ...rowTable(results.suites.flatMap((s) => s.rows)),
  ];
  if (notes.length > 0) lines.push('', '## Notes', '', ...notes);
  if (crashed.length > 0) lines.push('', '## Crashed suites', '', ...crashed.map((s) => `- **${s.name}**: ${cell(s.error)}`));
  return `${lines.join('\n')}\n`;
}
