/**
 * Rule 19: property lines of a list item indented 1–2 spaces off
 * `dash + 2`. Lines that are clearly siblings of the item's first key (not
 * the children of a bare key, not the body of a block scalar, not a nested
 * entry) are re-indented to `dash + 2`.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank } from '../line-table.js';
import { blankOrCommentMask, nonContentMask } from '../block-scalar-mask.js';
import { isBlockIndicator, entryAt } from '../yaml-entry.js';
import { LineRewriter, shiftIndent, unchanged, type RepairStep } from './repair-kit.js';

export const SIBLING_INDENT_MESSAGE = 'Re-indented YAML list item properties to match their siblings before parsing.';

/** A key opens a nested block when its value is empty or a block scalar header. */
function opensBlock(value: string): boolean {
  return value === '' || isBlockIndicator(value);
}

/**
 * @example
 * repairSiblingIndentation(toLines('- id: a\n   title: b'), ctx).lines[1].text // '  title: b'
 */
export function repairSiblingIndentation(lines: readonly YamlLine[]): RepairStep {
  // Comment lines are never items, so the content mask skips what body, blank and item tests did.
  const skip = nonContentMask(lines);
  const blankOrComment = blankOrCommentMask(lines);
  // Allocated at the first move: most tables have none, and a typed array of more than 64
  // bytes takes an allocation outside the heap that costs more than the walk of a short table.
  /** Per line: the indentation it must move to, or -1. */
  let target: Int32Array | null = null;
  /** Per line: shift applied to it as the child of a moved bare key. */
  let carry: Int32Array | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (skip[i]) continue;
    const item = entryAt(lines, i);
    if (!item.dash || item.key === null) continue;
    const expected = item.col;
    // Indentation below which deeper lines belong to the previous key's block.
    let subtree = opensBlock(item.value) ? expected : -1;
    for (let j = i + 1; j < lines.length; j++) {
      if (blankOrComment[j]) continue;
      const indent = indentOf(lines[j]!.text);
      if (indent <= item.indent) break;
      if (subtree >= 0 && indent > subtree) continue;
      subtree = -1;
      const e = entryAt(lines, j);
      if (e.dash) {
        subtree = indent;
        continue;
      }
      if (e.key === null) continue;
      if (indent !== expected && Math.abs(indent - expected) <= 2 && (target === null || target[j]! < 0)) {
        target ??= new Int32Array(lines.length).fill(-1);
        carry ??= new Int32Array(lines.length);
        target[j] = expected;
        if (opensBlock(e.value) && expected > indent) {
          // Children of a bare key moved right must stay deeper than it.
          for (let k = j + 1; k < lines.length && (isBlank(lines[k]!.text) || indentOf(lines[k]!.text) > indent); k++) carry[k] = expected - indent;
        }
      }
      if (opensBlock(e.value)) subtree = indent;
    }
  }
  // Nothing to move: every line would be kept, and the result is the input.
  if (target === null || carry === null) return unchanged(lines);
  const w = new LineRewriter('yaml_sibling_indent', SIBLING_INDENT_MESSAGE);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (target[i]! >= 0) w.replace([line], [' '.repeat(target[i]!) + line.text.trimStart()]);
    else if (carry[i] !== 0) w.replace([line], [shiftIndent(line.text, carry[i]!)]);
    else w.keep(line);
  }
  return w.result(lines);
}
