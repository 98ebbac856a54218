/**
 * `airlock parse --pretty`: a result for a person at a terminal rather than a
 * program: the verdict on one line, the value, the interventions as a table
 * (rule, stage, where, what changed) and, on failure, the validation errors.
 */
import type { Intervention, ParseResult } from '@airlock/core';

/** Longest before/after excerpt shown in a table cell. */
const EXCERPT = 24;

/** BigInts (from a contract's transform) have no JSON form. */
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

function excerpt(text: string): string {
  const shown = JSON.stringify(text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);
  return shown;
}

function where(i: Intervention): string {
  if (i.path !== undefined && i.path.length > 0) return i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
  if (i.span !== undefined) return `${i.span[0]}–${i.span[1]}`;
  return '';
}

function change(i: Intervention): string {
  if (i.before === undefined && i.after === undefined) return '';
  return `${excerpt(i.before ?? '')} → ${excerpt(i.after ?? '')}`;
}

/** Rows padded to their column's widest cell; the last column is left ragged. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k]!.length)));
  const line = (cells: string[]): string => `  ${cells.map((c, k) => (k === cells.length - 1 ? c : c.padEnd(widths[k]!))).join('  ')}`.trimEnd();
  return [line(header), ...rows.map(line)];
}

function indent(text: string): string {
  return text.split('\n').map((l) => `  ${l}`).join('\n');
}

/**
 * Formats a parse result for the terminal.
 *
 * @example
 * console.log(formatParseResult(safeParse('{"a":1,}', contract)));
 * // valid after 1 repair …
 */
export function formatParseResult(result: ParseResult<unknown>): string {
  const lines: string[] = [];
  const n = result.interventions.length;
  const repairs = `${n} intervention${n === 1 ? '' : 's'}`;
  if (result.success) {
    lines.push(n === 0 ? 'valid, untouched' : `valid after ${repairs}${result.truncated ? ' (the output was truncated)' : ''}`);
    lines.push('', 'value:', indent(JSON.stringify(result.data, replacer, 2) ?? 'undefined'));
  } else {
    lines.push(`invalid: ${result.failure}${result.extractionError === undefined ? '' : ` (${result.extractionError})`}`);
    if (result.validationErrors !== undefined && result.validationErrors.length > 0) {
      lines.push('', 'validation errors:');
      lines.push(...table(['path', 'message'], result.validationErrors.map((e) => [e.path === '' ? '(root)' : e.path, e.message])));
    }
    if (result.raw !== undefined) lines.push('', 'value before validation:', indent(JSON.stringify(result.raw, replacer, 2) ?? 'undefined'));
  }
  if (n > 0) {
    lines.push('', `interventions (${n}):`);
    lines.push(...table(['rule', 'stage', 'where', 'change', 'message'], result.interventions.map((i) => [i.rule, i.stage, where(i), change(i), i.message])));
  }
  return lines.join('\n');
}
