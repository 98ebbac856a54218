/**
 * Scalars that are not quoted strings: numbers (with their repairs), keywords
 * (JSON, Python and JavaScript spellings, truncated ones), unquoted text,
 * regular expression literals and function-call wrappers such as `ObjectId(…)`.
 */
import { Ch, isDigit, isIdentChar, isIdentStart, isQuote, isUnquotedStop, isWs } from './json-chars.js';
import { fail, record, type RepairContext } from './repair-context.js';
import { quoteJson } from './quote-json.js';
import { digitRunEnd, dropUnderscores, quoteFraction, slashGroupsEnd } from './scalar-number-forms.js';
import { callIsText, isQuotedKeyAt, scanUnquoted } from './scalar-unquoted-scan.js';
import { codeAt } from '../code-at.js';

/** What a scalar parse ended with: a value, or a call wrapper whose argument comes next. */
export const enum Scalar { FAILED, VALUE, CALL }

const KEYWORDS: Readonly<Record<string, string>> = {
  True: 'true', False: 'false', None: 'null', undefined: 'null', NaN: 'null', Infinity: 'null',
};
const PYTHON = new Set(['True', 'False', 'None']);
const COMPLETIONS = ['true', 'false', 'null'];

/** True at the end of a number: end of text, whitespace or a delimiter. */
function atNumberEnd(text: string, i: number, n: number): boolean {
  if (i >= n) return true;
  const c = text.charCodeAt(i);
  return isWs(c) || c === Ch.COMMA || c === Ch.COLON || c === Ch.LBRACKET || c === Ch.RBRACKET || c === Ch.LBRACE
    || c === Ch.RBRACE || c === Ch.LPAREN || c === Ch.RPAREN || c === Ch.SLASH || c === Ch.PLUS;
}

/**
 * Reads a number at `ctx.i`, repairing `.5`, `1.`, `+1`, `2e`, `-`, `1_000` and quoting `01`, `1/3`.
 * Returns false (nothing consumed, no edits kept) when the text only starts like a number.
 */
function parseNumber(ctx: RepairContext): boolean {
  const { text, n } = ctx;
  const start = ctx.i;
  const mark = ctx.edits.length;
  let i = start;
  let c = text.charCodeAt(i);
  if (c === Ch.PLUS) {
    record(ctx, 'number_plus_sign', i, i + 1, '');
    c = codeAt(text, ++i);
  } else if (c === Ch.MINUS) c = codeAt(text, ++i);
  const intStart = i;
  const leadingZero = c === Ch.ZERO && isDigit(codeAt(text, i + 1));
  i = digitRunEnd(text, i);
  let digits = i > intStart;
  if (codeAt(text, i) === Ch.DOT) {
    if (!digits) record(ctx, 'number_leading_dot', i, i, '0');
    i++;
    const frac = i;
    i = digitRunEnd(text, i);
    if (i === frac) record(ctx, 'number_trailing_dot', i, i, '0');
    digits = true;
  } else if (!digits) {
    if (i > start && atNumberEnd(text, i, n) && c !== Ch.PLUS) {
      // A lone minus sign: all that is left of a cut-off number.
      record(ctx, 'number_incomplete', i, i, '0');
      ctx.i = i;
      return true;
    }
    if (ctx.edits.length > mark) ctx.edits.length = mark;
    return false;
  }
  const e = codeAt(text, i);
  if (e === Ch.LOWER_E || e === Ch.UPPER_E) {
    i++;
    const s = codeAt(text, i);
    if (s === Ch.PLUS || s === Ch.MINUS) i++;
    const exp = i;
    i = digitRunEnd(text, i);
    if (i === exp) record(ctx, 'number_incomplete', i, i, '0');
  }
  const slashed = slashGroupsEnd(text, i);
  if (slashed > i && codeAt(text, slashed) !== Ch.SLASH && atNumberEnd(text, slashed, n)) {
    quoteFraction(ctx, start, slashed, mark);
    return true;
  }
  if (!atNumberEnd(text, i, n)) {
    if (ctx.edits.length > mark) ctx.edits.length = mark;
    return false;
  }
  if (leadingZero) {
    // 0789 is an identifier or a code, not a number: keep every digit.
    if (ctx.edits.length > mark) ctx.edits.length = mark;
    record(ctx, 'number_leading_zero', start, i, JSON.stringify(text.slice(start, i)));
  } else if (!dropUnderscores(ctx, start, intStart, i, mark)) {
    // `0_1`, or an underscore next to another repair: not a number JSON can spell.
    if (ctx.edits.length > mark) ctx.edits.length = mark;
    return false;
  }
  ctx.i = i;
  return true;
}

/**
 * Reads unquoted text up to a delimiter (or `:` for a key), trimmed of trailing
 * spaces, and quotes it. A quote right after it is taken as its missing-start
 * partner, as in `abc"`.
 */
export function parseUnquoted(ctx: RepairContext, isKey: boolean, quotesInside = false): boolean {
  const { text } = ctx;
  const start = ctx.i;
  const { stop: i, quotes, spanned } = scanUnquoted(ctx, start, isKey, quotesInside);
  let end = i;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  if (end === start) return fail(ctx, `Unexpected character ${JSON.stringify(text[start] ?? '')} at ${start}.`);
  const symbol = text.slice(start, end);
  if (end === i && text.charCodeAt(i) === Ch.DQUOTE) {
    record(ctx, 'missing_opening_quote', start, i + 1, quoteJson(symbol));
    ctx.i = i + 1;
  } else if (quotes === 1 && text.charCodeAt(end - 1) === Ch.DQUOTE) {
    // `abc"` then a delimiter: the quote is the end of a string missing its start.
    record(ctx, 'missing_opening_quote', start, end, quoteJson(symbol.slice(0, -1)));
    ctx.i = end;
  } else {
    record(ctx, isKey ? 'unquoted_key' : spanned ? 'unquoted_text_spanned' : 'unquoted_string', start, end, quoteJson(symbol), symbol);
    ctx.i = end;
  }
  return true;
}

/** Regular expression flags (`/a/gi`). */
function isRegexFlag(c: number): boolean {
  return c === 100 || c === 103 || c === 105 || c === 109 || c === 115 || c === 117 || c === 118 || c === 121;
}

/**
 * A value opening with `/`: a `/regex/flags` literal closed on its line and then
 * ended by a delimiter becomes the string of its source text; anything else
 * (`/usr/bin}`) is unquoted text, which stops before the closer it would otherwise
 * swallow. A lone `/` is refused. Reads to the closing slash or the line's end,
 * then at most that stretch again as text: linear.
 */
function parseSlashValue(ctx: RepairContext, quotesInside: boolean): boolean {
  const { text, n } = ctx;
  const start = ctx.i;
  let i = start + 1;
  while (i < n && text.charCodeAt(i) !== Ch.SLASH && text.charCodeAt(i) !== Ch.LF) i += text.charCodeAt(i) === Ch.BACKSLASH ? 2 : 1;
  if (text.charCodeAt(i) === Ch.SLASH) {
    let end = i + 1;
    while (isRegexFlag(text.charCodeAt(end))) end++;
    const c = text.charCodeAt(end);
    if (end >= n || isWs(c) || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      record(ctx, 'regex_literal_quoted', start, end, JSON.stringify(text.slice(start, end)));
      ctx.i = end;
      return true;
    }
  }
  const next = text.charCodeAt(start + 1);
  if (start + 1 >= n || isWs(next) || isUnquotedStop(next)) return fail(ctx, `Unexpected character "/" at ${start}: a value was expected.`);
  return parseUnquoted(ctx, false, quotesInside);
}

/** An identifier at `ctx.i`: keyword, truncated keyword, call wrapper or unquoted text. */
function parseWord(ctx: RepairContext, quotesInside: boolean): Scalar {
  const { text, n } = ctx;
  const start = ctx.i;
  let i = start;
  while (i < n && isIdentChar(text.charCodeAt(i))) i++;
  const word = text.slice(start, i);
  if (word === 'true' || word === 'false' || word === 'null') {
    ctx.i = i;
    return Scalar.VALUE;
  }
  const spelled = KEYWORDS[word];
  if (spelled !== undefined && Object.hasOwn(KEYWORDS, word)) {
    record(ctx, PYTHON.has(word) ? 'python_literal' : 'js_literal', start, i, spelled);
    ctx.i = i;
    return Scalar.VALUE;
  }
  let j = i;
  while (j < n && isWs(text.charCodeAt(j))) j++;
  if (codeAt(text, j) === Ch.LPAREN && !(quotesInside && callIsText(ctx, start, j))) {
    record(ctx, 'function_call_unwrapped', start, j + 1, '');
    ctx.i = j + 1;
    return Scalar.CALL;
  }
  if (i >= n) {
    const full = COMPLETIONS.find((k) => k.startsWith(word));
    if (full !== undefined) {
      ctx.truncated = true;
      record(ctx, 'truncated_literal_completed', start, i, full);
      ctx.i = i;
      return Scalar.VALUE;
    }
  }
  return parseUnquoted(ctx, false, quotesInside) ? Scalar.VALUE : Scalar.FAILED;
}

/**
 * In an object's value, true when the number or keyword that ends at `ctx.i` is
 * only the start of unquoted text running to the next `,`, newline or closer
 * (`{a: 3 apples, b: 2}`, `{a: true story}`): a word follows on the same line
 * and no `key:` does (`{a: 1 b: 2}` is a missing comma). Reads at most to that
 * stop, which the text value then reads again: linear.
 */
function continuesAsText(ctx: RepairContext): boolean {
  const { text, n } = ctx;
  let j = ctx.i;
  while (j < n && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB)) j++;
  if (j === ctx.i || j >= n) return false;
  const c = text.charCodeAt(j);
  if (!isIdentChar(c)) return false;
  for (let k = j; k < n; k++) {
    const d = text.charCodeAt(k);
    if (isUnquotedStop(d) || d === Ch.CR) return true;
    if (d === Ch.SLASH && (text.charCodeAt(k + 1) === Ch.SLASH || text.charCodeAt(k + 1) === Ch.STAR)) return true;
    // `key: …` or `key:…` after it: the value ended and a comma is missing (`10:30` and URLs stay text).
    if (d === Ch.COLON && (k + 1 >= n || isWs(text.charCodeAt(k + 1)) || (isIdentStart(text.charCodeAt(k - 1)) && text.charCodeAt(k + 1) !== Ch.SLASH))) return false;
    if (isQuote(d) && isQuotedKeyAt(text, k)) return false;
  }
  return true;
}

/**
 * In an object's value, a number written with thousands separators (`-2,000.00`,
 * `1,234,567`): each `,` is followed by exactly three digits and the group ends the
 * value (a `,`, closer, newline or the end follows, never a `:`, so it cannot be a key).
 * One edit replaces the whole number. Reads only the groups it takes: linear.
 */
function readGroupedNumber(ctx: RepairContext, start: number, mark: number): boolean {
  const { text, n } = ctx;
  // The leading part must be a plain integer of one to three digits (`-2`, `12`, `+1` repaired alike).
  if (codeAt(text, ctx.i) !== Ch.COMMA || ctx.i - start > 4 || !/^[-+]?\d{1,3}$/.test(text.slice(start, ctx.i))) return false;
  let i = ctx.i;
  let groups = 0;
  while (codeAt(text, i) === Ch.COMMA && isDigit(codeAt(text, i + 1)) && isDigit(codeAt(text, i + 2)) && isDigit(codeAt(text, i + 3)) && !isDigit(codeAt(text, i + 4))) {
    i += 4;
    groups++;
  }
  if (groups === 0) return false;
  let end = i;
  if (codeAt(text, end) === Ch.DOT) {
    end++;
    while (isDigit(codeAt(text, end))) end++;
  }
  let k = end;
  while (k < n && (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB || text.charCodeAt(k) === Ch.CR)) k++;
  const next = text.charCodeAt(k);
  if (!(k >= n || next === Ch.COMMA || next === Ch.RBRACE || next === Ch.RBRACKET || next === Ch.LF)) return false;
  if (ctx.edits.length > mark) ctx.edits.length = mark;
  const written = text.slice(start, end);
  record(ctx, 'number_grouped', start, end, written.replace(/,/g, '').replace(/^\+/, ''));
  ctx.i = end;
  return true;
}

/** Where a scalar stands: an object's value reads unquoted text with spaces and quotes in it. */
export const enum ScalarPlace { OTHER, OBJECT_VALUE }

/**
 * Parses a non-container value at `ctx.i` (which is not whitespace).
 *
 * @example
 * // 'True' → true (python_literal); '.5' → 0.5 (number_leading_dot); 'hello world' → "hello world"
 * // in an object's value: '3 apples, …' → "3 apples" (unquoted_string)
 */
export function parseScalar(ctx: RepairContext, place: ScalarPlace = ScalarPlace.OTHER): Scalar {
  if (place === ScalarPlace.OTHER) return parseScalarAt(ctx, false);
  const start = ctx.i;
  const mark = ctx.edits.length;
  const r = parseScalarAt(ctx, true);
  if (r === Scalar.VALUE && ctx.i > start && isDigit(ctx.text.charCodeAt(ctx.i - 1)) && readGroupedNumber(ctx, start, mark)) return r;
  if (r !== Scalar.VALUE || !continuesAsText(ctx)) return r;
  if (ctx.edits.length > mark) ctx.edits.length = mark;
  ctx.i = start;
  return parseUnquoted(ctx, false, true) ? Scalar.VALUE : Scalar.FAILED;
}

function parseScalarAt(ctx: RepairContext, quotesInside: boolean): Scalar {
  const { text } = ctx;
  const c = text.charCodeAt(ctx.i);
  if (isDigit(c) || c === Ch.MINUS || c === Ch.DOT || c === Ch.PLUS) {
    if (c === Ch.MINUS && text.startsWith('Infinity', ctx.i + 1) && !isIdentChar(text.charCodeAt(ctx.i + 9))) {
      record(ctx, 'js_literal', ctx.i, ctx.i + 9, 'null');
      ctx.i += 9;
      return Scalar.VALUE;
    }
    if (parseNumber(ctx)) return Scalar.VALUE;
    return parseUnquoted(ctx, false, quotesInside) ? Scalar.VALUE : Scalar.FAILED;
  }
  if (isIdentStart(c)) return parseWord(ctx, quotesInside);
  if (c === Ch.SLASH) return parseSlashValue(ctx, quotesInside) ? Scalar.VALUE : Scalar.FAILED;
  if (c === Ch.COLON || c === Ch.RPAREN || c === Ch.COMMA || c === Ch.SEMI || isUnquotedStop(c) || ctx.i >= ctx.n) {
    fail(ctx, ctx.i >= ctx.n ? 'Unexpected end of the text: a value was expected.' : `Unexpected character ${JSON.stringify(text[ctx.i])} at ${ctx.i}: a value was expected.`);
    return Scalar.FAILED;
  }
  return parseUnquoted(ctx, false, quotesInside) ? Scalar.VALUE : Scalar.FAILED;
}
