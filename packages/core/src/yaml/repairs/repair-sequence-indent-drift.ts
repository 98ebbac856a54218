/**
 * Rule 18: after a block scalar or a multi-line item, later sibling entries
 * drift by 1–3 spaces from the first `-` of their sequence. Each drifted entry
 * (with its body) moves back to the first entry's column.
 */
import type { YamlLine } from '../line-table.js';
import { prevContentLine } from '../line-table.js';
import { entryAt, type YamlEntry } from '../yaml-entry.js';
import { blockEnd, LineRewriter, shiftIndent, type RepairStep } from './repair-kit.js';
import { rewriteEntries, type LineEdit } from './rewrite-lines.js';

export const SEQUENCE_DRIFT_MESSAGE = 'Normalized drifted YAML sequence entry indentation before parsing.';

const MAX_DRIFT = 3;

/** Columns of the inner dashes of a compact nested entry (`- - - x`), each opening a sequence. */
function innerDashes(text: string, indent: number, last: number): number[] {
  const out: number[] = [];
  for (let c = indent + 1; c <= last; c++) if (text.charCodeAt(c) === 45) out.push(c);
  return out;
}

/**
 * Tracks the open sequences (`open`, columns outermost first) across content
 * line `i`, returning the move of a drifted entry and its body, else null.
 */
function realign(lines: readonly YamlLine[], open: number[], entry: YamlEntry, i: number): LineEdit | null {
  const text = lines[i]!.text;
  const indent = entry.indent;
  if (!entry.dash) {
    while (open.length > 0 && open[open.length - 1]! > indent) open.pop();
    // A key at the sequence's own column closes it, unless it owns an indentless sequence.
    if (open.length > 0 && open[open.length - 1]! === indent && entry.key !== null) open.pop();
    return null;
  }
  const p = prevContentLine(lines, i);
  const prev = p < 0 ? null : entryAt(lines, p);
  if (prev !== null && prev.key !== null && prev.value === '' && prev.col <= indent) {
    // A bare key right above opens a nested sequence here.
    while (open.length > 0 && open[open.length - 1]! >= indent) open.pop();
    open.push(indent);
    for (const col of innerDashes(text, indent, entry.dashCol)) open.push(col);
    return null;
  }
  // The innermost open sequence at or left of this dash, else the nearest one right of it.
  let k = open.length - 1;
  while (k >= 0 && open[k]! > indent) k--;
  const left = k >= 0 ? open[k]! : -1;
  const right = k + 1 < open.length ? open[k + 1]! : -1;
  const target = left === indent ? indent : left >= 0 && indent - left <= MAX_DRIFT ? left : right >= 0 && right - indent <= MAX_DRIFT ? right : indent;
  while (open.length > 0 && open[open.length - 1]! > target) open.pop();
  if (open[open.length - 1] !== target) open.push(target);
  // A compact nested entry (`- - x`) opens its inner sequence too.
  for (const col of innerDashes(text, indent, entry.dashCol)) open.push(target + col - indent);
  if (target === indent) return null;
  // The entry and its body move together.
  const end = blockEnd(lines, i, indent);
  return { end, texts: lines.slice(i, end).map((l) => shiftIndent(l.text, target - indent)) };
}

/**
 * @example
 * repairSequenceIndentDrift(toLines('- a: |\n    x\n - b: 1'), ctx).lines[2].text // '- b: 1'
 */
export function repairSequenceIndentDrift(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_sequence_indent_drift', SEQUENCE_DRIFT_MESSAGE);
  const open: number[] = [];
  return rewriteEntries(lines, w, (entry, i) => realign(lines, open, entry, i), 'content');
}
