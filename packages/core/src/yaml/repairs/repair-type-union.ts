/**
 * Rule 16: schema-like values such as `type: "epic" | "user_story"`, where the
 * `|` after a quoted token breaks the parse. The whole scalar is double-quoted.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { doubleQuote, readEntry, withValue } from '../yaml-entry.js';
import { TYPE_UNION } from '../quoted-scalar.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';

export const TYPE_UNION_MESSAGE = 'Quoted a YAML type-union scalar before reparsing.';

/**
 * @example
 * repairTypeUnion(toLines('type: "epic" | "user_story"'), ctx).lines[0].text // 'type: "\\"epic\\" | \\"user_story\\""'
 */
export function repairTypeUnion(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_type_union_quoted', TYPE_UNION_MESSAGE);
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    if (entry == null || (entry.key === null && !entry.dash) || !TYPE_UNION.test(entry.value)) w.keep(line);
    else w.replace([line], [withValue(line.text, entry, doubleQuote(entry.value))]);
  }
  return w.result(lines);
}
