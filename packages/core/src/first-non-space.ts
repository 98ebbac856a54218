/**
 * Where a text's first non-whitespace character is, as `\S` has it, read in place: no
 * `trim()` copy and, for ASCII text, no regex call. Several stages ask it of every output.
 */

/** Whitespace as `\s` has it past ASCII (NBSP, BOM, line separators, …); global, for `lastIndex`. */
const NON_SPACE = /\S/g;

/**
 * Index of the first character of `text[from, to)` that is not whitespace, or -1.
 *
 * @example
 * firstNonSpaceIndex('  \n{"a":1}') // 3
 * firstNonSpaceIndex(' \u00a0 ') // -1
 */
export function firstNonSpaceIndex(text: string, from = 0, to = text.length): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
    if (c < 0x80) return i;
    // Past ASCII, the regex knows the other spaces.
    NON_SPACE.lastIndex = i;
    const found = NON_SPACE.test(text) ? NON_SPACE.lastIndex - 1 : -1;
    return found >= 0 && found < to ? found : -1;
  }
  return -1;
}
