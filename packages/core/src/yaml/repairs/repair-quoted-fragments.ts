/**
 * Rule 15: (a) a closed quoted token followed by plain text on the same line
 * (`"pink" is accepted`, `"see <T> here": ok` after a key) — the whole
 * visible text is double-quoted; (b) a
 * quoted block indicator (`"|-"`) over an indented body — the quotes go.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, nextContentLine } from '../line-table.js';
import { doubleQuote, type YamlEntry } from '../yaml-entry.js';
import { quotedEnd } from '../quoted-scalar.js';
import { LineRewriter, continuesScalar, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { linesWithQuote } from './select-lines.js';
import { rewriteEntryValues } from './rewrite-lines.js';
import { IMPROPER_QUOTE_MESSAGE } from './repair-inner-quotes.js';

const QUOTED_INDICATOR = /^(["'])([|>](?:[1-9][-+]?|[-+][1-9]?)?)\1$/;

function rewrite(lines: readonly YamlLine[], i: number, entry: YamlEntry): string | null {
  const value = entry.value;
  // Both shapes open with a quote: one character test before the regex.
  if (value[0] !== '"' && value[0] !== "'") return null;
  const indicator = QUOTED_INDICATOR.exec(value);
  if (indicator !== null) {
    const j = nextContentLine(lines, i);
    return j >= 0 && indentOf(lines[j]!.text) > entry.col ? indicator[2]! : null;
  }
  const end = quotedEnd(value, 0);
  if (end < 0 || end >= value.length) return null;
  const rest = value.slice(end);
  // A comment, a type union (rule 16) or flow punctuation is not a fragment. After a key,
  // `"see <T>": ok` is text too: YAML allows no mapping there (a compact nested mapping).
  const fragment = /^[ \t]*[^\s#|,\]}:]/.test(rest) || (entry.key !== null && /^:[ \t]+[^\s#]/.test(rest));
  if (!fragment || continuesScalar(lines, i, entry.col)) return null;
  // A comment after the text stays a comment (`"pink" is kept # note`), outside the quotes.
  const comment = /[ \t]#/.exec(rest);
  if (comment === null) return doubleQuote(value);
  return `${doubleQuote(value.slice(0, end + comment.index).trimEnd())}${value.slice(end + comment.index)}`;
}

/**
 * @example
 * repairQuotedFragments(toLines('color: "pink" is accepted'), ctx).lines[0].text // 'color: "\\"pink\\" is accepted"'
 */
export function repairQuotedFragments(lines: readonly YamlLine[]): RepairStep {
  // Every rewrite starts at a quote: without one anywhere, nothing fires.
  if (!mentions(lines, '"') && !mentions(lines, "'")) return unchanged(lines);
  const w = new LineRewriter('yaml_quoted_fragment', IMPROPER_QUOTE_MESSAGE);
  return rewriteEntryValues(lines, w, (entry, i) => rewrite(lines, i, entry), linesWithQuote);
}
