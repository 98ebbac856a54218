/**
 * Where a string literal ends: whether a candidate end quote is the real end or
 * a quote inside the text (`"Sent to the "dictator", waiting"`).
 *
 * Every decision looks at a bounded stretch after the quote (whitespace, then at
 * most one short token), never at the rest of the text, so a text of many inner
 * quotes stays linear.
 */
import { Ch, isDelimiter, isDigit, isIdentChar, isIdentStart, isQuote, isWs, quoteBeforeStop } from './json-chars.js';
import { codeAt } from '../code-at.js';

/** Where a string stands, as far as its end quote is concerned. */
export const enum Place {
  /** A first key, a root value, a `+` continuation: the generic end test. */
  ANY,
  /** The value of an object member (after `:`): a comma ends it only before the next member. */
  OBJECT_VALUE,
  /** After `[` or `,`: an array element or an object key; a comma ends it only before the next element. */
  ELEMENT,
}

/** What may follow a comma for a quote before it to end a string: the next member, the next element, either. */
export const enum Next { MEMBER = 1, ELEMENT = 2, EITHER = 3 }

/** What a candidate end quote turned out to be. */
export const enum Quote { ENDS, SUSPECT, CONTENT }

/**
 * The place of the string opening at `start`, from the token before it: a `:` makes it an
 * object member's value, a `[` or `,` an element (or a key). Looking back over whitespace only, each string over its own
 * leading whitespace, keeps the whole linear.
 *
 * @example
 * placeOf('{"a": "x"}', 6) // Place.OBJECT_VALUE
 * placeOf('["x"]', 1)      // Place.ELEMENT
 * placeOf('{"a": 1}', 1)   // Place.ANY
 */
export function placeOf(text: string, start: number): Place {
  let p = start - 1;
  while (p >= 0 && isWs(text.charCodeAt(p))) p--;
  const c = p >= 0 ? text.charCodeAt(p) : -1;
  return c === Ch.COLON ? Place.OBJECT_VALUE : c === Ch.LBRACKET || c === Ch.COMMA ? Place.ELEMENT : Place.ANY;
}

/**
 * How far a member lookahead reads a key (a bare word, or a quoted key to its end quote).
 * Past it the lookahead cannot tell and says "a member": the conservative answer, the
 * string ends as it did before. The cap keeps each quote's lookahead constant.
 */
const KEY_LOOKAHEAD = 80;

function skipSpaces(text: string, k: number, n: number): number {
  while (k < n && (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB || text.charCodeAt(k) === Ch.CR)) k++;
  return k;
}

function isBareKeyChar(c: number): boolean {
  return isIdentChar(c) || c === Ch.MINUS || c === Ch.DOT || c === Ch.PLUS;
}

/** {@link afterQuotedKey} could not tell: the key runs past the cap. */
const UNKNOWN = -1;
/** {@link afterQuotedKey}: the line or the text ends before the quote closes. */
const UNCLOSED = -2;

/** The quote that closes a key opened by `open`: the same one, or a curly quote's partner (`“b”`, `‘b’`). */
function closesKey(open: number, c: number): boolean {
  return c === open || (open === Ch.LDQUO && c === Ch.RDQUO) || (open === Ch.LSQUO && c === Ch.RSQUO);
}

/**
 * After a quoted key opening at `k`: the index of what follows its end quote (spaces skipped),
 * UNCLOSED when the line or the text ends first, UNKNOWN past the cap.
 */
function afterQuotedKey(text: string, k: number, n: number): number {
  const open = text.charCodeAt(k);
  const limit = Math.min(n, k + 1 + KEY_LOOKAHEAD);
  let e = k + 1;
  for (let c = codeAt(text, e); e < limit && !closesKey(open, c) && c !== Ch.LF; c = codeAt(text, e)) e += c === Ch.BACKSLASH ? 2 : 1;
  if (e < limit && closesKey(open, text.charCodeAt(e))) return skipSpaces(text, e + 1, n);
  return e >= n || text.charCodeAt(e) === Ch.LF ? UNCLOSED : UNKNOWN;
}

/**
 * True when the text after the comma at `comma` can start what `want` names, so a quote right
 * before that comma ends the string. The end of the text, a closer, an opener, a comment or an
 * ellipsis always do (so does an unclosed quoted string: the text cut off in the next item). A member is `"b": 1`, `b: 1`, `5: x`, `b": 1` (its opening quote lost) or
 * `WORD "b": 1` (a stray word before it); an element is a quoted string, a number or a bare word
 * followed by `,` `]` `}` or a line break. `, waiting"`, `, and also "more"` or `, "bye" and left`
 * are prose: the quote is text.
 *
 * @example
 * nextFollows('"x", "b": 1}', 3, 12, Next.MEMBER) // true
 * nextFollows('"x", waiting"}', 3, 14, Next.MEMBER) // false
 * nextFollows('"a", 2]', 3, 7, Next.ELEMENT) // true
 */
export function nextFollows(text: string, comma: number, n: number, want: Next): boolean {
  let k = comma + 1;
  while (k < n && isWs(text.charCodeAt(k))) k++;
  if (k >= n) return true;
  const d = text.charCodeAt(k);
  if (d === Ch.RBRACE || d === Ch.RBRACKET || d === Ch.LBRACE || d === Ch.LBRACKET || d === Ch.SLASH || d === Ch.HASH) return true;
  if (d === Ch.DOT) return text.startsWith('...', k);
  if (d === Ch.LT) return text.startsWith('<!--', k);
  if (isQuote(d)) {
    const f = afterQuotedKey(text, k, n);
    // An unclosed string is the text cut off in the next member or element.
    if (f < 0 || f >= n) return true;
    // `"b": 1`, `"b"]`; `"b",` `"b"}` or a line break (a key missing its value or colon, left to the
    // object's own repairs as before); a word after it (`"bye" and left`) is prose.
    // `"b" "c"`: in a list, another quoted item after it (a comma missing between items).
    return endsItem(text.charCodeAt(f)) || text.charCodeAt(f) === Ch.COLON || ((want & Next.ELEMENT) !== 0 && f > 0 && isWs(text.charCodeAt(f - 1)) && isQuote(text.charCodeAt(f)));
  }
  if (!isIdentStart(d) && !isDigit(d) && d !== Ch.MINUS) return false;
  const limit = Math.min(n, k + KEY_LOOKAHEAD);
  let e = k + 1;
  while (e < limit && isBareKeyChar(text.charCodeAt(e))) e++;
  if (e >= limit) return true;
  const f = skipSpaces(text, e, n);
  const c = text.charCodeAt(f);
  if (f >= n || endsItem(c)) return (want & Next.ELEMENT) !== 0;
  if ((want & Next.MEMBER) === 0) return false;
  if (c === Ch.COLON) return true;
  if (!isQuote(c)) return false;
  // `b": 1`: a key missing its opening quote (`, waiting"}` is the end of the text instead).
  if (f === e) return text.charCodeAt(skipSpaces(text, f + 1, n)) === Ch.COLON;
  // A bare word, a space, then a quoted key with its colon: a stray word between members.
  const g = afterQuotedKey(text, f, n);
  return g === UNKNOWN || (g >= 0 && text.charCodeAt(g) === Ch.COLON);
}

/** True when a bare key starts at `k` and a colon follows it (spaces between), within the lookahead cap. */
function bareKeyThenColon(text: string, k: number, n: number): boolean {
  const limit = Math.min(n, k + KEY_LOOKAHEAD);
  let e = k + 1;
  while (e < limit && isBareKeyChar(text.charCodeAt(e))) e++;
  return e < limit && text.charCodeAt(skipSpaces(text, e, n)) === Ch.COLON;
}

/** What ends an element or a member's value: `,`, `]`, `}` or a line break. */
function endsItem(c: number): boolean {
  return c === Ch.COMMA || c === Ch.RBRACKET || c === Ch.RBRACE || c === Ch.LF;
}

/**
 * After a candidate end quote at `q`: ENDS when what follows may follow a string in its
 * place, CONTENT when another quote right after it is the real end (`"72""`), else SUSPECT.
 * `opens` holds the net `(`, `[`, `{` of the string read so far.
 */
export function classifyQuote(text: string, q: number, n: number, opens: Int32Array, place: Place): Quote {
  const j = skipSpaces(text, q + 1, n);
  if (j >= n) return Quote.ENDS;
  const c = text.charCodeAt(j);
  const value = place === Place.OBJECT_VALUE;
  const next = value ? Next.MEMBER : Next.ELEMENT;
  if (c === Ch.RPAREN) return opens[0]! <= 0 ? Quote.ENDS : Quote.SUSPECT;
  if (c === Ch.RBRACKET || c === Ch.RBRACE) {
    // `"a (b") c"`: a closer matching an opener inside the string is suspect, unless
    // what follows it is what follows a closer in JSON (`"{"}` stays valid).
    if ((c === Ch.RBRACKET ? opens[1]! : opens[2]!) <= 0) return Quote.ENDS;
    let k = j + 1;
    while (k < n && isWs(text.charCodeAt(k))) k++;
    const d = text.charCodeAt(k);
    // The closer may end an object the string opened: what holds it is not known, so either follows.
    if (place !== Place.ANY && d === Ch.COMMA) return nextFollows(text, k, n, Next.EITHER) ? Quote.ENDS : Quote.SUSPECT;
    return k >= n || d === Ch.COMMA || d === Ch.RBRACKET || d === Ch.RBRACE ? Quote.ENDS : Quote.SUSPECT;
  }
  if (place !== Place.ANY && c === Ch.COMMA) return nextFollows(text, j, n, next) ? Quote.ENDS : Quote.SUSPECT;
  // After an object's value comes a comma and the next member, never a colon or a number.
  if (value && (c === Ch.COLON || isDigit(c))) return Quote.SUSPECT;
  if (isDelimiter(c) || isDigit(c)) return Quote.ENDS;
  // `"v" # note`: a hash comment after the value (the same test as the repairer's comment skipping).
  if (c === Ch.HASH && j > q + 1) {
    const d = text.charCodeAt(j + 1);
    if (j + 1 >= n || isWs(d) || d === Ch.HASH) return Quote.ENDS;
  }
  // `"use `"strict"` mode"`: a quote closing inline code inside the text, the backtick glued to it.
  if (c === Ch.BACKTICK && j === q + 1 && text.charCodeAt(q) === Ch.DQUOTE) return Quote.SUSPECT;
  if (isQuote(c)) {
    let k = j + 1;
    while (k < n && isWs(text.charCodeAt(k))) k++;
    return k >= n || isDelimiter(text.charCodeAt(k)) ? Quote.CONTENT : Quote.ENDS;
  }
  // `"review" summary: "…"`: the next member, its comma missing (a common slip), ends the value. A
  // space before the key, and a colon after it: `"b,"c": 1` is a string missing its end quote instead.
  if (value && j > q + 1 && isIdentStart(c) && bareKeyThenColon(text, j, n)) return Quote.ENDS;
  return Quote.SUSPECT;
}

/** Longest inner quotation a delimiter read looks through for its closing quote. */
const MAX_QUOTATION = 256;

/**
 * In a string read up to its delimiter (one whose end quote never came), the closing quote of a
 * quotation the `"` at `i` opens, or -1 when that quote ends the string. The quote opens one when
 * a letter or digit is glued to it and the next `"` comes before any delimiter, within
 * {@link MAX_QUOTATION} characters, and is not followed by a colon (that would make it a key's
 * quotes): `"he said "hi" ok}` keeps `"hi"` in its text, `"x "b": 2}` ends before `b`.
 *
 * @example
 * innerQuotationEnd('{"a": "he said "hi" ok}', 15) // 18
 * innerQuotationEnd('{"a": "x "b": 2}', 9)          // -1
 */
export function innerQuotationEnd(text: string, i: number): number {
  if (!isIdentChar(codeAt(text, i + 1))) return -1;
  const j = quoteBeforeStop(text, i + 1, MAX_QUOTATION);
  if (j < 0) return -1;
  const limit = Math.min(text.length, i + 1 + MAX_QUOTATION);
  let k = j + 1;
  while (k < limit && (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB)) k++;
  return codeAt(text, k) === Ch.COLON ? -1 : j;
}
