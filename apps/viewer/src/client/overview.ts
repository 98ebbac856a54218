/**
 * The overview (counts by outcome and failure class, interventions per rule
 * and per agent as bar charts, the run's metadata) and, with two runs, the
 * comparison (records whose outcome changed, rule deltas).
 */
import type { EmbeddedRun } from '../report-format.js';
import { badge, el, outcomeClass, type Child } from './dom.js';
import { recordFile, recordHash, type RecordPlace } from './record-link.js';

/** Opens the record list filtered by a rule, or the record at a place (log and line). */
export interface OverviewActions {
  showRule(rule: string): void;
  showRecord(place: RecordPlace): void;
}

/** Changed records listed on the comparison page (the rest are counted). */
const CHANGES_SHOWN = 2000;

function tally(run: EmbeddedRun): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of run.outcome) counts.set(run.outcomes[k]!, (counts.get(run.outcomes[k]!) ?? 0) + 1);
  return counts;
}

function barChart(title: string, entries: [string, number][], options: { testid: string; barClass?: (name: string) => string; onClick?: (name: string) => void }): HTMLElement {
  const max = Math.max(1, ...entries.map(([, n]) => Math.abs(n)));
  const rows: Child[] = [];
  for (const [name, n] of entries) {
    const label = options.onClick === undefined ? el('span', {}, name) : el('a', { href: '#', 'data-rule': name }, name);
    if (options.onClick !== undefined) label.addEventListener('click', (event) => { event.preventDefault(); options.onClick?.(name); });
    const bar = el('div', { class: `bar ${options.barClass?.(name) ?? ''}` });
    bar.style.width = `${(Math.abs(n) / max) * 100}%`;
    rows.push(label, bar, el('span', {}, n.toLocaleString('en')));
  }
  return el('div', {}, el('h3', {}, title), entries.length === 0 ? el('p', { class: 'meta' }, 'none') : el('div', { class: 'chart', 'data-testid': options.testid }, ...rows));
}

function byCount(map: Record<string, number> | Map<string, number>): [string, number][] {
  return [...(map instanceof Map ? map.entries() : Object.entries(map))].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function metadataTable(run: EmbeddedRun): HTMLElement {
  const m = run.metadata as { version?: unknown; format?: unknown; contract?: Record<string, unknown>; options?: Record<string, unknown> };
  const rows: [string, unknown][] = [
    ['output', run.label], ['airlock version', m.version], ['format', m.format], ['contract', m.contract?.['name']],
    ['fingerprint', m.contract?.['fingerprint']], ['module', m.contract === undefined ? undefined : `${String(m.contract['module'])}#${String(m.contract['export'])}`],
    ['options', m.options === undefined ? undefined : JSON.stringify(m.options)],
  ];
  return el('table', { 'data-testid': 'metadata' }, ...rows.filter(([, v]) => v !== undefined).map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', {}, String(v)))));
}

/**
 * Fills the overview page of one run.
 *
 * @example
 * showOverview(page, report.runs[0], { showRule, showRecord });
 */
export function showOverview(root: HTMLElement, run: EmbeddedRun, actions: OverviewActions): void {
  const outcomes = tally(run);
  let repaired = 0, untouched = 0, failed = 0;
  for (const [name, n] of outcomes) {
    if (name === 'valid_untouched') untouched += n;
    else if (name === 'valid_repaired') repaired += n;
    else failed += n;
  }
  const failures = byCount(new Map([...outcomes].filter(([name]) => name.startsWith('failed:')).map(([name, n]) => [name.slice(7), n])));
  const card = (label: string, n: number): HTMLElement => el('div', { class: 'card' }, el('b', {}, n.toLocaleString('en')), label);
  root.replaceChildren(
    el('div', { class: 'cards', 'data-testid': 'cards' }, card('records', run.line.length), card('valid untouched', untouched), card('valid repaired', repaired), card('failed', failed),
      // Reports of older outputs, or of runs without --salvage-truncated, have none to count.
      run.salvaged !== undefined && run.salvaged > 0 ? card('truncated, partial value salvaged', run.salvaged) : null),
    barChart('Outcomes', byCount(outcomes), { testid: 'chart-outcomes', barClass: outcomeClass }),
    barChart('Failures by class', failures, { testid: 'chart-failures', barClass: () => 'failed' }),
    barChart('Interventions per rule', byCount(run.ruleCounts), { testid: 'chart-rules', onClick: actions.showRule }),
    barChart('Interventions per agent', byCount(run.agentInterventions), { testid: 'chart-agents' }),
    el('h3', {}, 'Run'), metadataTable(run),
  );
}

/**
 * A record's place as one string, to match the records of two outputs of the same logs: its
 * line, and its log where both outputs have several (one log's name may be written two ways).
 */
function placeKey(run: EmbeddedRun, k: number, byLog: boolean): string {
  return byLog ? `${recordFile(run, k) ?? ''}\n${run.line[k]}` : String(run.line[k]);
}

/**
 * Fills the comparison page of two outputs of the same log (matched by log and line).
 *
 * @example
 * showComparison(page, report.runs[0], report.runs[1], actions);
 */
export function showComparison(root: HTMLElement, a: EmbeddedRun, b: EmbeddedRun, actions: OverviewActions): void {
  const byLog = a.file.length > 0 && b.file.length > 0;
  const outcomeAt = new Map<string, string>();
  a.line.forEach((_line, k) => outcomeAt.set(placeKey(a, k, byLog), a.outcomes[a.outcome[k]!]!));
  const changes: { place: RecordPlace; hash: string; id: unknown; from: string; to: string }[] = [];
  let changed = 0;
  b.line.forEach((line, k) => {
    const from = outcomeAt.get(placeKey(b, k, byLog));
    const to = b.outcomes[b.outcome[k]!]!;
    if (from === undefined || from === to) return;
    changed++;
    if (changes.length < CHANGES_SHOWN) changes.push({ place: { file: recordFile(b, k), line }, hash: recordHash(b, k), id: b.id[k], from, to });
  });
  const outcomesA = tally(a), outcomesB = tally(b);
  const outcomeNames = [...new Set([...outcomesA.keys(), ...outcomesB.keys()])].sort();
  const rules = [...new Set([...Object.keys(a.ruleCounts), ...Object.keys(b.ruleCounts)])];
  const deltas = rules.map((r): [string, number] => [r, (b.ruleCounts[r] ?? 0) - (a.ruleCounts[r] ?? 0)]).filter(([, d]) => d !== 0).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  const changeRows = changes.map((c) => {
    const row = el('tr', { 'data-line': String(c.place.line) }, el('td', {}, el('a', { href: c.hash }, String(c.place.line))), el('td', {}, String(c.id ?? '')), el('td', {}, badge(c.from)), el('td', {}, '→'), el('td', {}, badge(c.to)));
    row.addEventListener('click', (event) => { event.preventDefault(); actions.showRecord(c.place); });
    return row;
  });
  root.replaceChildren(
    el('p', {}, `${a.label} → ${b.label}: `, el('b', { 'data-testid': 'changed' }, changed.toLocaleString('en')), ' records changed outcome.'),
    el('h3', {}, 'Outcomes'),
    el('table', { 'data-testid': 'compare-outcomes' }, el('tr', {}, el('th', {}, 'outcome'), el('th', {}, a.label), el('th', {}, b.label)),
      ...outcomeNames.map((o) => el('tr', {}, el('td', {}, badge(o)), el('td', {}, outcomesA.get(o) ?? 0), el('td', {}, outcomesB.get(o) ?? 0)))),
    barChart(`Rule deltas (${b.label} − ${a.label})`, deltas, { testid: 'chart-rule-deltas', barClass: (r) => ((b.ruleCounts[r] ?? 0) < (a.ruleCounts[r] ?? 0) ? 'neg' : ''), onClick: actions.showRule }),
    el('h3', {}, `Changed records${changed > changes.length ? ` (first ${changes.length})` : ''}`),
    changes.length === 0 ? el('p', { class: 'meta' }, 'none') : el('table', { 'data-testid': 'changes' }, ...changeRows),
  );
}
