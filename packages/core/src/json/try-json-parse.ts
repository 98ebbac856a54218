import { isWs } from './json-chars.js';

/**
 * `JSON.parse` that reports failure as a value. A failed parse is the normal
 * case on the candidate loop (prose, a fenced answer, a draft needing repair),
 * and a thrown SyntaxError costs about 1.5 µs even at the first character, so
 * a text whose two ends cannot bound a JSON text is refused without parsing,
 * and the error of the rest is created without a stack trace.
 *
 * @example
 * tryJsonParse('{"a":1}') // { ok: true, value: { a: 1 } }
 * tryJsonParse('{"a":')   // { ok: false }
 */
export function tryJsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!endsCanBoundJson(text)) return { ok: false };
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Index of the first character past the JSON whitespace (space, tab, LF, CR, as `isWs`) opening the text. */
export function jsonStartOf(text: string): number {
  let start = 0;
  while (start < text.length && isWs(text.charCodeAt(start))) start++;
  return start;
}

/** End (exclusive) of the text without the JSON whitespace closing it, not before `start`. */
export function jsonEndOf(text: string, start: number): number {
  let end = text.length;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return end;
}

/**
 * Whether the first and last characters other than JSON whitespace could open and close one
 * JSON value: `{…}`, `[…]`, `"…"`, a number (`-` or a digit, then a digit), `true`/`false`
 * (`e`) or `null` (`l`); and whether a bracket's first member can start there (see
 * {@link memberCanFollow}). False only for texts `JSON.parse` would refuse.
 */
export function endsCanBoundJson(text: string): boolean {
  const start = jsonStartOf(text);
  const end = jsonEndOf(text, start) - 1;
  if (end < start) return false;
  const last = text.charCodeAt(end);
  switch (text.charCodeAt(start)) {
    case 0x7b: // {
      return last === 0x7d && memberCanFollow(text, start) && valueCanPrecede(text, end);
    case 0x5b: // [
      return last === 0x5d && memberCanFollow(text, start) && valueCanPrecede(text, end);
    case 0x22: // "
      return last === 0x22;
    case 0x74: // t
    case 0x66: // f
      return last === 0x65;
    case 0x6e: // n
      return last === 0x6c;
    default: {
      const first = text.charCodeAt(start);
      return (first === 0x2d || (first >= 0x30 && first <= 0x39)) && last >= 0x30 && last <= 0x39;
    }
  }
}

/**
 * Before the closing bracket at `at` and JSON whitespace: the end of a value (`"`, a digit, the
 * `e` of `true`/`false`, the `l` of `null`, `}`, `]`) or an opening bracket (an empty one). A
 * defective output often fails right there too (`…,\n}`, `'x'\n}`, `// see below\n}`): its refused
 * `JSON.parse` would read the whole text first, then pay for its error.
 */
function valueCanPrecede(text: string, at: number): boolean {
  let i = at - 1;
  while (i > 0 && isWs(text.charCodeAt(i))) i--;
  const c = text.charCodeAt(i);
  return c === 0x22 || (c >= 0x30 && c <= 0x39) || c === 0x65 || c === 0x6c || c === 0x7d || c === 0x5d || c === 0x7b || c === 0x5b;
}

/**
 * After the opening bracket at `at` and JSON whitespace: `"` or `}` in an object, a value's
 * first character or `]` in a list. A defective output mostly fails right there (`{ title:`,
 * `{ // note`, `{'a'`), and a refused `JSON.parse` costs about 2 µs for its error: about
 * three quarters of the defective outputs' refused parses are answered here instead.
 */
function memberCanFollow(text: string, at: number): boolean {
  let i = at + 1;
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  if (text.charCodeAt(at) === 0x7b) return c === 0x22 || c === 0x7d;
  return c === 0x5d || c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e;
}
