/**
 * Text tables of a conformance run: per corpus the headline counts and a per-group table, the
 * out-of-scope reasons, and on request every miss with its input and both outcomes.
 */
import { tally, tallyByGroup, type CaseOutcome, type CorpusRun, type Tally } from './run-conformance.js';

function percent(t: Tally): string {
  return t.scored === 0 ? '   -' : (t.rate * 100).toFixed(1).padStart(5);
}

function row(t: Tally, width: number): string {
  const cells = [t.scored, t.matched].map((n) => String(n).padStart(7)).join('');
  const rest = [t.outOfScope, t.deliberate, t.invented].map((n) => String(n).padStart(6)).join('');
  return `  ${t.label.padEnd(width)}${cells} ${percent(t)}${rest}`;
}

/** A one-line summary of a tally: `184 cases: 150 scored, 100 matched (66.7 %), …`. */
export function summaryLine(t: Tally): string {
  return (
    `${t.total} cases: ${t.scored} scored, ${t.matched} matched (${t.scored === 0 ? '-' : (t.rate * 100).toFixed(1)} %), ` +
    `${t.outOfScope} out of scope, ${t.deliberate} deliberate, ${t.invented} value(s) where the peer refuses`
  );
}

/**
 * The table of one corpus: the summary line, then one row per group.
 *
 * @example
 * corpusTable(run) // 'json_repair (mangiucugna/json_repair (dev half)): 184 cases: …\n  group  scored matched …'
 */
export function corpusTable(run: CorpusRun, outcomes?: readonly CaseOutcome[]): string {
  if (!('outcomes' in run)) return `${run.spec.name}: skipped, ${run.missing}`;
  const list = outcomes ?? run.outcomes;
  const groups = tallyByGroup(list);
  const width = Math.max(24, ...groups.map((g) => g.label.length + 2));
  const lines = [`${run.spec.name} (${run.spec.peer}): ${summaryLine(tally(run.spec.name, list))}`];
  lines.push(`  ${'group'.padEnd(width)} scored matched     %   out delib  inv.`);
  for (const g of groups) lines.push(row(g, width));
  return lines.join('\n');
}

/** Out-of-scope reasons with their counts and first ids. */
export function outOfScopeLines(outcomes: readonly CaseOutcome[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const o of outcomes) {
    if (o.status !== 'out_of_scope') continue;
    const ids = byReason.get(o.reason ?? '') ?? [];
    ids.push(o.id);
    byReason.set(o.reason ?? '', ids);
  }
  return [...byReason].map(([reason, ids]) => `  out of scope ×${ids.length}: ${reason} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''})`);
}

/** JSON-style escaping of a text, cut to `max` characters. */
export function clip(text: string, max = 120): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length <= max ? escaped : `${escaped.slice(0, max)}…`;
}

/**
 * Every miss (and every deliberate case) of a list, four lines each.
 *
 * @example
 * missLines(outcomes)[0] // '  json_repair-0012 [repair] test_title'
 */
export function missLines(outcomes: readonly CaseOutcome[]): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (o.status !== 'missed' && o.status !== 'deliberate') continue;
    const tag = o.status === 'deliberate' ? ` DELIBERATE${o.staleDeliberate ? ' (now matches: remove the entry)' : ''}: ${o.reason}` : '';
    lines.push(`  ${o.id} [${o.group}]${o.inventedValue ? ' VALUE WHERE PEER REFUSES' : ''} ${o.test}${tag}`);
    lines.push(`    input:    ${clip(o.input)}`);
    lines.push(`    expected: ${clip(o.expected)}`);
    lines.push(`    got:      ${clip(o.got)}`);
  }
  return lines;
}
