/**
 * The balanced-end scan of the JSON path, aware of comments: a `//` or
 * `/* … *\/` comment is skipped whole before any bracket is counted, so
 * `// object b ]` inside an array does not end it. Text with no `//` or `/*` after the
 * opener takes the scanner's own scan (WASM when registered).
 */
import { selectBalancedEnd } from '../scan/select-scanner.js';
import { Ch } from './json-chars.js';
import { continuesArray, continuesObject } from './structure-lookahead.js';

/** Index just after the comment starting at `i` (a `//` or `/*`), or -1 when none starts there. */
function commentEnd(text: string, i: number, limit: number): number {
  const d = text.charCodeAt(i + 1);
  if (d === Ch.STAR) {
    const close = text.indexOf('*/', i + 2);
    return close < 0 || close + 2 > limit ? limit : close + 2;
  }
  // `https://…` unquoted: a URL, not a comment.
  if (d !== Ch.SLASH || text.charCodeAt(i - 1) === Ch.COLON) return -1;
  const nl = text.indexOf('\n', i + 2);
  return nl < 0 || nl > limit ? limit : nl;
}

/** {@link selectBalancedEnd} with comments skipped whole (JS only). */
function balancedEndSkippingComments(text: string, start: number, limit: number): number {
  let depth = 0;
  for (let i = start; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === Ch.DQUOTE) {
      for (i++; i < limit && text.charCodeAt(i) !== Ch.DQUOTE; i++) if (text.charCodeAt(i) === Ch.BACKSLASH) i++;
    } else if (c === Ch.SLASH) {
      const end = commentEnd(text, i, limit);
      if (end >= 0) i = end - 1;
    } else if (c === Ch.LBRACE || c === Ch.LBRACKET) depth++;
    else if (c === Ch.RBRACE || c === Ch.RBRACKET) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/**
 * End (exclusive) of the balanced value opening at `start`, counting brackets outside
 * strings and comments; -1 when it never closes.
 *
 * @example
 * balancedEnd('[1, // b ]\n2]', 0) // 13
 */
export function balancedEnd(text: string, start: number, limit = text.length): number {
  return opensComment(text, start, limit) ? balancedEndSkippingComments(text, start, limit) : selectBalancedEnd(text, start, limit);
}

/**
 * Whether `//` or `/*` occurs in `text[start, limit)`: only then can a comment hide a bracket.
 * A lone `/` (paths such as `src/app.ts`, fractions) leaves the count to the scanner's scan.
 */
function opensComment(text: string, start: number, limit: number): boolean {
  const line = text.indexOf('//', start);
  if (line >= 0 && line < limit - 1) return true;
  const block = text.indexOf('/*', start);
  return block >= 0 && block < limit - 1;
}

/**
 * A balanced root `[start, end)` that the text goes on with, so it ended early and is
 * not the root to take as it stands (the repairer reads on): an object that parsed and
 * is followed by a member (`{"a": 1}, "b": 2}`), or a slice that did not parse followed
 * by `, value` (`[{"k": 1}}, {"k": 2}]`: a stray closer miscounted the brackets, and a
 * later slice would be a fragment of the same value).
 *
 * @example
 * endsEarly('{"a": 1}, "b": 2}', 0, 8, true) // true
 * endsEarly('{"a": 1}, {"b": 2}', 0, 8, true) // false: a second root value
 */
export function endsEarly(text: string, start: number, end: number, parsed: boolean): boolean {
  if (parsed) return text.charCodeAt(start) === Ch.LBRACE && continuesObject(text, end);
  return continuesObject(text, end) || continuesArray(text, end);
}
