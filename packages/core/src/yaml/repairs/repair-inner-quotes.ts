/**
 * Rule 13: a one-line double-quoted scalar with unescaped quotes inside
 * (`free_text: "Errors include origin: "date" metadata."`). The first and last
 * quotes stay delimiters and the inner ones are escaped; the visible text is
 * unchanged. Type unions (`"a" | "b"`) are rule 16's.
 */
import type { YamlLine } from '../line-table.js';
import { TYPE_UNION } from '../quoted-scalar.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { linesWithDoubleQuote } from './select-lines.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const IMPROPER_QUOTE_MESSAGE = 'Repaired improperly quoted YAML scalar value.';

/** Escapes every unescaped `"` strictly between the first and last character. */
function escapeInner(value: string): string {
  let out = '"';
  for (let k = 1; k < value.length - 1; k++) {
    const c = value[k]!;
    if (c === '\\') {
      out += c + (value[k + 1] ?? '');
      k++;
    } else out += c === '"' ? '\\"' : c;
  }
  return out + '"';
}

/**
 * @example
 * repairInnerQuotes(toLines('a: "say "hi" now"'), ctx).lines[0].text // 'a: "say \\"hi\\" now"'
 */
export function repairInnerQuotes(lines: readonly YamlLine[]): RepairStep {
  // Only a double-quoted value fires: without a `"` anywhere, nothing does.
  if (!mentions(lines, '"')) return unchanged(lines);
  const w = new LineRewriter('yaml_inner_quotes_escaped', IMPROPER_QUOTE_MESSAGE);
  return rewriteEntryValues(lines, w, ({ value }) => {
    const candidate = value.length >= 2 && value.startsWith('"') && value.endsWith('"') && !value.endsWith('\\"') && !TYPE_UNION.test(value);
    // A value with no inner quote comes back unchanged, which the rewriter records as no edit.
    return candidate ? escapeInner(value) : null;
  }, linesWithDoubleQuote);
}
