/**
 * The text the partial reader reads past without taking anything from it: whitespace, prose (or
 * a fence opener) before the root, comments, and text after a complete root. Plain functions
 * over one chunk; what must survive a chunk boundary (where the prose started, a block comment's
 * trailing `*`) is handed back for the reader to keep.
 */
import type { RootPlace } from './reader-state.js';

/** How much of the skipped prose an intervention quotes. */
export const PROSE_EXCERPT = 80;

/** JSON whitespace. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** The index of the first non-space character from `i` on, `text.length` when none. */
export function skipSpaces(text: string, i: number): number {
  let j = i;
  while (j < text.length && isSpace(text.charCodeAt(j))) j++;
  return j;
}

/** The index of the first `{` or `[` from `i` on (where a root may start), `text.length` when none. */
export function proseEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 123 || c === 91) return j;
    j++;
  }
  return j;
}

/**
 * The root's place after prose `text[from, to)` was skipped: where the prose started (its first
 * non-space character) and its first characters, for the intervention's `before`.
 *
 * @example
 * afterProse(place, 'Sure: {', 0, 6, 0) // { …, proseStart: 0, proseExcerpt: 'Sure: ' }
 */
export function afterProse(place: RootPlace, text: string, from: number, to: number, base: number): RootPlace {
  let current = place;
  if (current.proseStart < 0) {
    const first = skipSpaces(text, from);
    if (first >= to) return current;
    current = { ...current, proseStart: base + first };
  }
  if (current.proseExcerpt.length >= PROSE_EXCERPT || current.proseStart >= base + to) return current;
  const start = Math.max(from, current.proseStart - base);
  return { ...current, proseExcerpt: (current.proseExcerpt + text.slice(start, Math.min(to, start + PROSE_EXCERPT))).slice(0, PROSE_EXCERPT) };
}

/**
 * Where a block comment ends in a chunk: the index after its `*` `/`, or -1 when the chunk ends
 * first. `starPending`: the previous chunk ended on `*`.
 *
 * @example
 * blockCommentEnd('/ b', 0, true) // 1 (the previous chunk ended on the closer's star)
 * blockCommentEnd('still a comment', 0, false) // -1
 */
export function blockCommentEnd(text: string, i: number, starPending: boolean): number {
  if (starPending && text.charCodeAt(i) === 47) return i + 1;
  const close = text.indexOf('*/', i);
  return close < 0 ? -1 : close + 2;
}
