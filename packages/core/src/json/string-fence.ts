/**
 * Markdown code fences met inside a string left open: the bare fence closing the block the
 * JSON was written in is not data, so an unclosed string ends before it.
 */
import { Ch, isIdentChar, isUnquotedStop } from './json-chars.js';

/** A line inside a string: no fence, a bare fence (```` ``` ```` alone), or an opening fence with an info string (```` ```js ````). */
export const enum Fence { NONE, BARE, INFO }

/**
 * The kind of fence on the line starting at `i` (just after a line feed). Reads the line's
 * leading spaces, the backticks and at most the rest of a bare fence's line: each line once.
 *
 * @example
 * fenceAt('x\n```\nok', 2) // Fence.BARE
 * fenceAt('x\n```ts\n', 2) // Fence.INFO
 */
export function fenceAt(text: string, i: number): Fence {
  const n = text.length;
  let j = i;
  while (j < n && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB)) j++;
  if (!text.startsWith('```', j)) return Fence.NONE;
  j += 3;
  while (j < n && text.charCodeAt(j) === Ch.BACKTICK) j++;
  if (isIdentChar(text.charCodeAt(j))) return Fence.INFO;
  while (j < n && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB || text.charCodeAt(j) === Ch.CR)) j++;
  return j >= n || text.charCodeAt(j) === Ch.LF ? Fence.BARE : Fence.NONE;
}

/**
 * Whether a string opening at `start` and left open before a fence line ends in closers: the
 * first character a read up to a delimiter would stop at (any `,` `[` `]` `{` `}`, line feed or
 * `+`) starts a run of `}` and `]` (blanks between) that reaches `p`, the last character before
 * the fence. Then the string ends there, as at the end of the text (`"value}` then the fence).
 *
 * @example
 * closersBeforeFence('{"k": "value]}', 6, 13) // true
 */
export function closersBeforeFence(text: string, start: number, p: number): boolean {
  let k = start + 1;
  while (k <= p && !isUnquotedStop(text.charCodeAt(k))) k++;
  if (k > p) return false;
  for (; k <= p; k++) {
    const c = text.charCodeAt(k);
    if (c !== Ch.RBRACE && c !== Ch.RBRACKET && c !== Ch.SPACE && c !== Ch.TAB) return false;
  }
  return true;
}
