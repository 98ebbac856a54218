/**
 * Character classes of the JSON repairer, on UTF-16 code units so the hot
 * loops compare numbers, never one-character strings.
 */
import { codeAt } from '../code-at.js';

export const enum Ch {
  TAB = 9, LF = 10, CR = 13, SPACE = 32, BANG = 33, DQUOTE = 34, HASH = 35, DOLLAR = 36, SQUOTE = 39,
  LPAREN = 40, RPAREN = 41, STAR = 42, PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46, SLASH = 47,
  ZERO = 48, NINE = 57, COLON = 58, SEMI = 59, LT = 60, GT = 62, UPPER_E = 69, LBRACKET = 91,
  BACKSLASH = 92, RBRACKET = 93, UNDERSCORE = 95, BACKTICK = 96, LOWER_E = 101, LOWER_U = 117,
  LBRACE = 123, RBRACE = 125, ACUTE = 0xb4, LSQUO = 0x2018, RSQUO = 0x2019, LDQUO = 0x201c, RDQUO = 0x201d,
}

/** JSON's own whitespace: space, tab, LF, CR. */
export function isWs(c: number): boolean {
  return c === Ch.SPACE || c === Ch.LF || c === Ch.TAB || c === Ch.CR;
}

/** Unicode spaces JSON.parse rejects (NBSP, en quad … zero width space, BOM, …). */
export function isSpecialWs(c: number): boolean {
  return c === 0xa0 || c === 0x180e || (c >= 0x2000 && c <= 0x200b) || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

export function isDigit(c: number): boolean {
  return c >= Ch.ZERO && c <= Ch.NINE;
}

export function isHex(c: number): boolean {
  return (c >= Ch.ZERO && c <= Ch.NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === Ch.UNDERSCORE || c === Ch.DOLLAR;
}

export function isIdentChar(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

/** Characters that may open a string: ASCII, typographic and backtick quotes. */
export function isQuote(c: number): boolean {
  return c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.LDQUO || c === Ch.RDQUO || isSingleQuoteLike(c);
}

export function isSingleQuoteLike(c: number): boolean {
  return c === Ch.SQUOTE || c === Ch.LSQUO || c === Ch.RSQUO || c === Ch.BACKTICK || c === Ch.ACUTE;
}

export function isDoubleQuoteLike(c: number): boolean {
  return c === Ch.DQUOTE || c === Ch.LDQUO || c === Ch.RDQUO;
}

/** A character after which a quote really ends a string (jsonrepair's delimiter set). */
export function isDelimiter(c: number): boolean {
  return c === Ch.COMMA || c === Ch.COLON || c === Ch.LBRACKET || c === Ch.RBRACKET || c === Ch.SLASH || c === Ch.LBRACE
    || c === Ch.RBRACE || c === Ch.LPAREN || c === Ch.RPAREN || c === Ch.LF || c === Ch.PLUS;
}

/** Where an unquoted string (or a string missing its end quote) stops. */
export function isUnquotedStop(c: number): boolean {
  return c === Ch.COMMA || c === Ch.LBRACKET || c === Ch.RBRACKET || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LF || c === Ch.PLUS;
}

/**
 * Index of the first `"` at or after `from` that comes before any character a read up to a
 * delimiter stops at ({@link isUnquotedStop}), within `max` characters; -1 when there is none.
 *
 * @example
 * quoteBeforeStop('hi" ok}', 0, 256) // 2
 * quoteBeforeStop('hi, "ok"', 0, 256) // -1
 */
export function quoteBeforeStop(text: string, from: number, max: number): number {
  const limit = Math.min(text.length, from + max);
  for (let j = from; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === Ch.DQUOTE) return j;
    if (isUnquotedStop(c)) return -1;
  }
  return -1;
}

/** First character of a value, used to detect missing commas and NDJSON roots. */
export function isValueStart(c: number): boolean {
  return c === Ch.LBRACE || c === Ch.LBRACKET || isQuote(c) || isDigit(c) || c === Ch.MINUS || isIdentStart(c);
}

/** URL schemes whose `//` must not be taken for a line comment. */
const URL_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto', 'file', 'data', 'irc']);

/** True when `text[from, slashes)` is a URL scheme followed by `://` at `slashes - 1`. */
export function isUrlSchemeBefore(text: string, from: number, slashes: number): boolean {
  if (text.charCodeAt(slashes - 1) !== Ch.COLON || codeAt(text, slashes + 1) !== Ch.SLASH) return false;
  return URL_SCHEMES.has(text.slice(from, slashes - 1));
}

/** Characters a URL may continue with (no `[`, `]`, `,`: they matter to JSON). */
export function isUrlChar(c: number): boolean {
  return isIdentChar(c) || (c >= 33 && c <= 47 && c !== Ch.DQUOTE && c !== Ch.COMMA) || c === Ch.COLON || c === Ch.SEMI
    || c === 61 || c === 63 || c === 64 || c === 126;
}

/** JSON escape for a raw control character found inside a string. */
export function escapeControl(c: number): string {
  switch (c) {
    case 8: return '\\b';
    case 9: return '\\t';
    case 10: return '\\n';
    case 12: return '\\f';
    case 13: return '\\r';
    default: return '\\u' + c.toString(16).padStart(4, '0');
  }
}
