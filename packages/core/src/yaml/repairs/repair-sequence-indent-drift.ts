/**
 * Rule 18: after a block scalar or a multi-line item, later sibling entries
 * drift by 1–3 spaces from the first `-` of their sequence. Each drifted entry
 * (with its body) moves back to the first entry's column.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank, isComment, prevContentLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { readEntry } from '../yaml-entry.js';
import { LineRewriter, shiftIndent, type RepairStep } from './repair-kit.js';

export const SEQUENCE_DRIFT_MESSAGE = 'Normalized drifted YAML sequence entry indentation before parsing.';

const MAX_DRIFT = 3;

/** Columns of the inner dashes of a compact nested entry (`- - - x`), each opening a sequence. */
function innerDashes(text: string, indent: number, last: number): number[] {
  const out: number[] = [];
  for (let c = indent + 1; c <= last; c++) if (text.charCodeAt(c) === 45) out.push(c);
  return out;
}

/**
 * @example
 * repairSequenceIndentDrift(toLines('- a: |\n    x\n - b: 1'), ctx).lines[2].text // '- b: 1'
 */
export function repairSequenceIndentDrift(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_sequence_indent_drift', SEQUENCE_DRIFT_MESSAGE);
  const mask = blockScalarMask(lines);
  /** Columns of the open sequences, outermost first. */
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const text = line.text;
    if (mask[i] || isBlank(text) || isComment(text)) {
      w.keep(line);
      continue;
    }
    const entry = readEntry(text);
    const indent = entry.indent;
    if (!entry.dash) {
      while (open.length > 0 && open[open.length - 1]! > indent) open.pop();
      // A key at the sequence's own column closes it, unless it owns an indentless sequence.
      if (open.length > 0 && open[open.length - 1]! === indent && entry.key !== null) open.pop();
      w.keep(line);
      continue;
    }
    const p = prevContentLine(lines, i);
    const prev = p < 0 ? null : readEntry(lines[p]!.text);
    if (prev !== null && prev.key !== null && prev.value === '' && prev.col <= indent) {
      // A bare key right above opens a nested sequence here.
      while (open.length > 0 && open[open.length - 1]! >= indent) open.pop();
      open.push(indent);
      for (const col of innerDashes(text, indent, entry.dashCol)) open.push(col);
      w.keep(line);
      continue;
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
    if (target === indent) {
      w.keep(line);
      continue;
    }
    const top = target;
    // The entry and its body move together.
    let end = i + 1;
    while (end < lines.length && (isBlank(lines[end]!.text) || indentOf(lines[end]!.text) > indent)) end++;
    while (end - 1 > i && isBlank(lines[end - 1]!.text)) end--;
    const block = lines.slice(i, end);
    w.replace(block, block.map((l) => shiftIndent(l.text, top - indent)));
    i = end - 1;
  }
  return w.result(lines);
}
