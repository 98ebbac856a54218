/**
 * Rule 1: a bare parent key (`generated_by:`) whose whitelisted children were
 * emitted at the parent's own indentation; the children are indented under it.
 */
import { isBlank, type YamlLine } from '../line-table.js';
import { keyName, entryAt, type YamlEntry } from '../yaml-entry.js';
import { blockEnd, LineRewriter, mayMentionAny, ownValue, shiftIndent, unchanged, type RepairContext, type RepairStep } from './repair-kit.js';
import { rewriteEntries, type LineEdit } from './rewrite-lines.js';

export const NESTED_MAPPING_CHILDREN_MESSAGE = 'Repaired inconsistent YAML indentation for nested mapping children.';

/** Indents the run of `children` after the parent on line `i`, or null when none follows. */
function indentChildren(lines: readonly YamlLine[], i: number, entry: YamlEntry, children: readonly string[]): LineEdit | null {
  // Children of `- parent:` sit at the key's column, not the dash's.
  const col = entry.col;
  let j = i + 1;
  let end = i;
  while (j < lines.length) {
    const text = lines[j]!.text;
    if (isBlank(text)) {
      j++;
      continue;
    }
    const child = entryAt(lines, j);
    if (child.indent !== col || child.dash || child.key === null || !children.includes(keyName(child.key))) break;
    // A child's own deeper lines (its nested block) move with it.
    const k = blockEnd(lines, j, col);
    end = k - 1;
    j = k;
  }
  if (end === i) return null;
  const block = lines.slice(i, end + 1);
  return { end: end + 1, texts: block.map((l, k) => (k === 0 ? l.text : shiftIndent(l.text, 2))) };
}

/**
 * @example
 * repairNestedMappingChildren(toLines('generated_by:\nwinner_model: x'), ctx).lines.map((l) => l.text)
 * // ['generated_by:', '  winner_model: x']
 */
export function repairNestedMappingChildren(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  // Only a whitelisted parent fires, and its key name is a substring of its line.
  if (!mayMentionAny(lines, Object.getOwnPropertyNames(context.hints.nestedChildren))) return unchanged(lines);
  const w = new LineRewriter('yaml_nested_mapping_children', NESTED_MAPPING_CHILDREN_MESSAGE);
  return rewriteEntries(lines, w, (entry, i) => {
    const children = entry.key !== null && entry.value === '' ? ownValue(context.hints.nestedChildren, keyName(entry.key)) : undefined;
    return children === undefined ? null : indentChildren(lines, i, entry, children);
  });
}
