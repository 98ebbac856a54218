/**
 * Rule 16: schema-like values such as `type: "epic" | "user_story"`, where the
 * `|` after a quoted token breaks the parse. The whole scalar is double-quoted.
 */
import type { YamlLine } from '../line-table.js';
import { doubleQuote } from '../yaml-entry.js';
import { TYPE_UNION } from '../quoted-scalar.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const TYPE_UNION_MESSAGE = 'Quoted a YAML type-union scalar before reparsing.';

/**
 * @example
 * repairTypeUnion(toLines('type: "epic" | "user_story"'), ctx).lines[0].text // 'type: "\\"epic\\" | \\"user_story\\""'
 */
export function repairTypeUnion(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_type_union_quoted', TYPE_UNION_MESSAGE);
  return rewriteEntryValues(lines, w, (entry) => (TYPE_UNION.test(entry.value) ? doubleQuote(entry.value) : null));
}
