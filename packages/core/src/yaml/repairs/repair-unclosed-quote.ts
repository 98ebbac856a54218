/**
 * Rule 14: `key: "value` or `- "value` with no closing quote, where the next
 * non-blank line is clearly a new structural element (an entry, a sibling
 * key, a fence, a document marker) or the end of the text. The quote is
 * closed at the end of the line; no text is added or inferred.
 */
import type { YamlLine } from '../line-table.js';
import { nextContentLine } from '../line-table.js';
import { entryAt } from '../yaml-entry.js';
import { doubleQuoteEnd } from '../quoted-scalar.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { linesWithDoubleQuote } from './select-lines.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const UNCLOSED_QUOTE_MESSAGE = 'Fixed unbalanced YAML quote before reparsing.';

function structuralBoundary(lines: readonly YamlLine[], i: number, col: number): boolean {
  const j = nextContentLine(lines, i);
  if (j < 0) return true;
  const text = lines[j]!.text;
  if (/^[ \t]*(?:```|~~~)/.test(text) || /^(?:---|\.\.\.)(?:\s|$)/.test(text)) return true;
  const next = entryAt(lines, j);
  return next.dash || (next.key !== null && next.indent <= col);
}

/**
 * @example
 * repairUnclosedQuote(toLines('title: "Fix login\nstatus: open'), ctx).lines[0].text // 'title: "Fix login"'
 */
export function repairUnclosedQuote(lines: readonly YamlLine[]): RepairStep {
  // Only a value opening with `"` fires: without one anywhere, nothing does.
  if (!mentions(lines, '"')) return unchanged(lines);
  const w = new LineRewriter('yaml_unclosed_quote_closed', UNCLOSED_QUOTE_MESSAGE);
  return rewriteEntryValues(lines, w, (entry, i) => {
    const value = entry.value;
    const fires = value.startsWith('"') && !value.endsWith('\\') && doubleQuoteEnd(value, 0) < 0 && structuralBoundary(lines, i, entry.col);
    return fires ? value + '"' : null;
  }, linesWithDoubleQuote);
}
