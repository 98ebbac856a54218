/**
 * A code unit read that may fall past the end of the text.
 *
 * `text.charCodeAt(i)` past the end returns NaN, and the first time optimized code does
 * that, V8 (Node 20) throws the whole function's optimized code away ("out of bounds") and,
 * once it is optimized again, calls the generic builtin at that read for good. A fresh
 * thread met about 40 such reads in the repairers and the fast YAML loader within its first
 * thousand records, each a recompilation on the cores the records need. The reads that do
 * reach the end (a look past a token, a scan running into the text's end) use this instead.
 */

/**
 * The UTF-16 code unit at `i`, or -1 at or past the end of `text` (`i` is never negative).
 * Every character test in the parsers (`=== Ch.COMMA`, `isWs`, a digit range) is false
 * for -1 as it is for NaN.
 *
 * @example
 * codeAt('ab', 1) // 98
 * codeAt('ab', 2) // -1
 */
export function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : -1;
}
