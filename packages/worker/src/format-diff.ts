/**
 * A batch diff as plain text for the terminal.
 */
import type { BatchDiff } from './diff-batches.js';
import { groupDigits } from './group-digits.js';

function signed(n: number): string {
  return n > 0 ? `+${groupDigits(n)}` : groupDigits(n);
}

function side(label: string, s: BatchDiff['a']): string {
  return `${label}: ${s.path} (contract ${s.metadata.contract.name} ${s.metadata.contract.fingerprint}, airlock ${s.metadata.version}, ${groupDigits(s.records)} records)`;
}

/**
 * Formats {@link diffBatches}' result.
 *
 * @example
 * console.log(formatDiff(await diffBatches('a.ndjson', 'b.ndjson'), { changes: 20 }));
 */
export function formatDiff(diff: BatchDiff, options: { changes?: number } = {}): string {
  const lines = [side('a', diff.a), side('b', diff.b)];
  lines.push(`compared ${groupDigits(diff.compared)} records (only in a: ${diff.onlyInA}, only in b: ${diff.onlyInB}); ${groupDigits(diff.changed)} changed outcome`);
  lines.push('', `${'outcome'.padEnd(28)}${'a'.padStart(10)}${'b'.padStart(10)}${'b − a'.padStart(10)}`);
  for (const [outcome, { a, b }] of Object.entries(diff.outcomes).sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    lines.push(`  ${outcome.padEnd(26)}${groupDigits(a).padStart(10)}${groupDigits(b).padStart(10)}${signed(b - a).padStart(10)}`);
  }
  const transitions = Object.entries(diff.transitions).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  if (transitions.length > 0) {
    lines.push('', 'outcome changes');
    for (const [transition, n] of transitions) lines.push(`  ${transition.padEnd(46)}${groupDigits(n).padStart(8)}`);
  }
  const rules = Object.entries(diff.rules).filter(([, r]) => r.delta !== 0).sort((x, y) => Math.abs(y[1].delta) - Math.abs(x[1].delta) || (x[0] < y[0] ? -1 : 1));
  if (rules.length > 0) {
    lines.push('', `${'rule counts'.padEnd(28)}${'a'.padStart(10)}${'b'.padStart(10)}${'b − a'.padStart(10)}`);
    for (const [rule, r] of rules) lines.push(`  ${rule.padEnd(26)}${groupDigits(r.a).padStart(10)}${groupDigits(r.b).padStart(10)}${signed(r.delta).padStart(10)}`);
  }
  const shown = diff.changes.slice(0, options.changes ?? 20);
  if (shown.length > 0) {
    lines.push('', `changed records${diff.changed > shown.length ? ` (first ${shown.length} of ${groupDigits(diff.changed)})` : ''}`);
    for (const c of shown) lines.push(`  ${c.file === undefined ? '' : `${c.file} `}line ${c.line}${c.id === null ? '' : ` (id ${String(c.id)})`}: ${c.from} → ${c.to}`);
  }
  return lines.join('\n');
}
