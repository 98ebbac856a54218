/**
 * Single-line quoted scalars. A quote left open at the end of the line is a
 * multi-line (folded) scalar: the fast path bails rather than fold it.
 */
import { fastYamlBail } from './fast-yaml-bail.js';

/** Where a quoted scalar ended (index after the closing quote) and its value. */
export interface QuotedScalar {
  value: string;
  end: number;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  '\t': '\t',
};
const HEX = /^[0-9a-fA-F]+$/;
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function readEscape(line: string, at: number): { text: string; next: number } {
  const code = line[at];
  if (code === undefined) fastYamlBail('multiline_quoted');
  if (Object.hasOwn(ESCAPES, code)) return { text: ESCAPES[code]!, next: at + 1 };
  const length = Object.hasOwn(HEX_LENGTH, code) ? HEX_LENGTH[code]! : 0;
  if (length === 0) fastYamlBail('bad_escape');
  const hex = line.substr(at + 1, length);
  if (hex.length !== length || !HEX.test(hex)) fastYamlBail('bad_escape');
  const point = parseInt(hex, 16);
  if (point > 0x10ffff) fastYamlBail('bad_escape');
  return { text: String.fromCodePoint(point), next: at + 1 + length };
}

/**
 * Reads a `"…"` scalar starting at `start` (the opening quote).
 *
 * @example
 * readDoubleQuoted('k: "a\\tb" # c', 3) // { value: 'a\tb', end: 9 }
 */
export function readDoubleQuoted(line: string, start: number): QuotedScalar {
  let value = '';
  let from = start + 1;
  // Both positions are searched again only once passed, so a line full of escapes stays linear.
  let quote = line.indexOf('"', from);
  let slash = line.indexOf('\\', from);
  for (;;) {
    if (slash !== -1 && (quote === -1 || slash < quote)) {
      const escape = readEscape(line, slash + 1);
      value += line.slice(from, slash) + escape.text;
      from = escape.next;
      if (quote !== -1 && quote < from) quote = line.indexOf('"', from);
      slash = line.indexOf('\\', from);
      continue;
    }
    if (quote === -1) fastYamlBail('multiline_quoted');
    return { value: value + line.slice(from, quote), end: quote + 1 };
  }
}

/**
 * Reads a `'…'` scalar starting at `start` (the opening quote); `''` is a quote.
 *
 * @example
 * readSingleQuoted("k: 'it''s'", 3) // { value: "it's", end: 10 }
 */
export function readSingleQuoted(line: string, start: number): QuotedScalar {
  let value = '';
  let from = start + 1;
  for (;;) {
    const quote = line.indexOf("'", from);
    if (quote === -1) fastYamlBail('multiline_quoted');
    value += line.slice(from, quote);
    if (line.charCodeAt(quote + 1) !== 0x27) return { value, end: quote + 1 };
    value += "'";
    from = quote + 2;
  }
}

/**
 * Reads either quoted style, dispatching on the opening character.
 *
 * @example
 * readQuotedScalar('"x"', 0) // { value: 'x', end: 3 }
 */
export function readQuotedScalar(line: string, start: number): QuotedScalar {
  return line.charCodeAt(start) === 0x22 ? readDoubleQuoted(line, start) : readSingleQuoted(line, start);
}
