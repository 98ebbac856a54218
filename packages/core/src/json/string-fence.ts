/**
 * Markdown code fences met inside a string left open: the bare fence closing the block the
 * JSON was written in is not data, so an unclosed string ends before it.
 */
import { Ch, isIdentChar } from './json-chars.js';

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
