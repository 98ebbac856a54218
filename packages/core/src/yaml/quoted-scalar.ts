/**
 * Small scanners for quoted scalars on one line, shared by the quote repairs.
 */

/** Index just after the closing `"` of a double-quoted scalar opening at `start`, or -1. */
export function doubleQuoteEnd(text: string, start: number): number {
  for (let k = start + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 92 /* \ */) k++;
    else if (c === 34 /* " */) return k + 1;
  }
  return -1;
}

/** Index just after the closing `'` of a single-quoted scalar opening at `start`, or -1. */
export function singleQuoteEnd(text: string, start: number): number {
  for (let k = start + 1; k < text.length; k++) {
    if (text.charCodeAt(k) !== 39) continue;
    if (text.charCodeAt(k + 1) === 39) k++;
    else return k + 1;
  }
  return -1;
}

/** End of the quoted token opening at `start` (either quote style), or -1. */
export function quotedEnd(text: string, start: number): number {
  return text[start] === '"' ? doubleQuoteEnd(text, start) : singleQuoteEnd(text, start);
}

/** `"epic" | "user_story"`: quoted alternatives joined by `|`. */
export const TYPE_UNION = /^(?:"[^"\\\n]*"|'[^'\n]*')(?:[ \t]*\|[ \t]*(?:"[^"\\\n]*"|'[^'\n]*'))+$/;
