/**
 * A list item's plain text that YAML cannot read as it stands (it opens with a
 * reserved indicator, `` ` `` or `@`, or holds `: ` or ` #`) and wraps onto
 * deeper-indented lines:
 *
 *     - `fn` reports `writable: false`, and
 *       `configurable: false`.
 *
 * Quoting only the first line (rules 5 and 17) leaves the continuation
 * dangling, so the item's lines are folded into one double-quoted scalar,
 * joined by single spaces as YAML folds a plain scalar. A continuation line
 * that reads as a `key:` or a new item ends the fold.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank } from '../line-table.js';
import { doubleQuote, entryAt, withValue } from '../yaml-entry.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';
import { rewriteLines } from './rewrite-lines.js';

export const FOLDED_LIST_SCALAR_MESSAGE = 'Folded wrapped YAML list scalar text containing colon-space or a reserved indicator into one quoted scalar before reparsing.';

/** Item text YAML misreads or refuses as a plain scalar. */
function needsQuotes(value: string): boolean {
  return /^[`@]/.test(value) || /:[ \t]/.test(value) || /[ \t]#/.test(value);
}

/** A continuation line opening like a mapping key (`name:`) is structure, not more words. */
const KEY_LINE = /^[A-Za-z_$][\w$./-]*:(?:[ \t]|$)/;

/**
 * @example
 * repairFoldedListScalar(toLines('- `a` is `b: c`, and\n  `d: e`.')).lines[0].text // '- "`a` is `b: c`, and `d: e`."'
 */
export function repairFoldedListScalar(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_list_scalar_folded', FOLDED_LIST_SCALAR_MESSAGE);
  return rewriteLines(lines, w, (i) => {
    const entry = entryAt(lines, i);
    if (!entry.dash || entry.key !== null) return null;
    // No fold unless a deeper line follows: tested before the value's regexes.
    const next = lines[i + 1];
    if (next === undefined || isBlank(next.text) || indentOf(next.text) <= entry.dashCol) return null;
    if (/^["'[{|>&*!%]/.test(entry.value) || !needsQuotes(entry.value)) return null;
    const parts = [entry.value];
    let end = i + 1;
    for (; end < lines.length; end++) {
      const text = lines[end]!.text;
      if (isBlank(text) || indentOf(text) <= entry.dashCol) break;
      const rest = text.trim();
      if (/^-(?:\s|$)/.test(rest) || KEY_LINE.test(rest) || rest.startsWith('#')) break;
      parts.push(rest);
    }
    if (end === i + 1) return null;
    return { end, texts: [withValue(lines[i]!.text, entry, doubleQuote(parts.join(' ')))] };
  }, 'content');
}
