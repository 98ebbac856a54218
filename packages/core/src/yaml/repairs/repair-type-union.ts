/**
 * Rule 16: schema-like values such as `type: "epic" | "user_story"`, where the
 * `|` after a quoted token breaks the parse. The whole scalar is double-quoted.
 */
import type { YamlLine } from '../line-table.js';
import { doubleQuote } from '../yaml-entry.js';
import { TYPE_UNION } from '../quoted-scalar.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { linesWithPipe } from './select-lines.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const TYPE_UNION_MESSAGE = 'Quoted a YAML type-union scalar before reparsing.';

/**
 * @example
 * repairTypeUnion(toLines('type: "epic" | "user_story"'), ctx).lines[0].text // 'type: "\\"epic\\" | \\"user_story\\""'
 */
export function repairTypeUnion(lines: readonly YamlLine[]): RepairStep {
  // A union joins quoted tokens with `|`: without a `|` anywhere, nothing fires.
  if (!mentions(lines, '|')) return unchanged(lines);
  const w = new LineRewriter('yaml_type_union_quoted', TYPE_UNION_MESSAGE);
  // It opens with a quote: one character test before the regex.
  return rewriteEntryValues(lines, w, ({ value }) => ((value[0] === '"' || value[0] === "'") && TYPE_UNION.test(value) ? doubleQuote(value) : null), linesWithPipe);
}
