/**
 * Rule 1: a bare parent key (`generated_by:`) whose whitelisted children were
 * emitted at the parent's own indentation; the children are indented under it.
 */
import { isBlank, indentOf, type YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { keyName, readEntry } from '../yaml-entry.js';
import { LineRewriter, ownValue, shiftIndent, type RepairContext, type RepairStep } from './repair-kit.js';

export const NESTED_MAPPING_CHILDREN_MESSAGE = 'Repaired inconsistent YAML indentation for nested mapping children.';

/**
 * @example
 * repairNestedMappingChildren(toLines('generated_by:\nwinner_model: x'), ctx).lines.map((l) => l.text)
 * // ['generated_by:', '  winner_model: x']
 */
export function repairNestedMappingChildren(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_nested_mapping_children', NESTED_MAPPING_CHILDREN_MESSAGE);
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    const children = entry?.key != null && entry.value === '' ? ownValue(context.hints.nestedChildren, keyName(entry.key)) : undefined;
    if (entry == null || children === undefined) {
      w.keep(line);
      continue;
    }
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
      const child = readEntry(text);
      if (child.indent !== col || child.dash || child.key === null || !children.includes(keyName(child.key))) break;
      // A child's own deeper lines (its nested block) move with it.
      let k = j + 1;
      while (k < lines.length && (isBlank(lines[k]!.text) || indentOf(lines[k]!.text) > col)) k++;
      while (k - 1 > j && isBlank(lines[k - 1]!.text)) k--;
      end = k - 1;
      j = k;
    }
    if (end === i) {
      w.keep(line);
      continue;
    }
    const block = lines.slice(i, end + 1);
    w.replace(block, block.map((l, k) => (k === 0 ? l.text : shiftIndent(l.text, 2))));
    i = end;
  }
  return w.result(lines);
}
