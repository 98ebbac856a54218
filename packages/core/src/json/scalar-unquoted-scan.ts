/**
 * Where unquoted text ends. Two readings:
 *
 * - the plain one (keys, array items, the root): the text stops at the first `,`,
 *   bracket, brace, line break or `+`;
 * - an object's value (`{signature: async function f(page: number, sort: string), next: 1}`):
 *   the text runs to a delimiter that can really end the member — a `,` or a line
 *   break followed by a `key:` (or a closer, a quote, a bracket, a comment or the end),
 *   or the container's own closer once the brackets and parentheses opened inside the
 *   text are balanced. When they never balance, the plain reading is used instead.
 *
 * Both read each character once, plus a bounded look at the token after a `,` or a
 * line break; a balanced reading that fails is not tried again before the point it
 * reached, so hostile text (`{a: (x, b: (x, c: (x …`) stays linear.
 */
import { Ch, isIdentChar, isQuote, isUnquotedStop, isUrlChar, isUrlSchemeBefore, isWs } from './json-chars.js';
import type { RepairContext } from './repair-context.js';

/** How an unquoted run ended. */
export interface UnquotedRun {
  /** Index of the character that stopped it (or the end of the text). */
  readonly stop: number;
  /** Quotes taken as content (`It's`, `Hi "friends"`). */
  readonly quotes: number;
  /** True when the run crossed a `,`, bracket, brace, line break or `+` the plain reading stops at. */
  readonly spanned: boolean;
}

/**
 * A quoted key at `q` (`"b": …` after a value missing its comma): the closing quote,
 * on the same line, is followed by a colon. Reads only to that next quote, which the
 * caller reaches next anyway: linear.
 */
export function isQuotedKeyAt(text: string, q: number): boolean {
  const open = text.charCodeAt(q);
  let k = q + 1;
  while (k < text.length && text.charCodeAt(k) !== open && text.charCodeAt(k) !== Ch.LF) k++;
  if (text.charCodeAt(k) !== open) return false;
  k++;
  while (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB) k++;
  return text.charCodeAt(k) === Ch.COLON;
}

/** Characters of an unquoted key (`next`, `page-size`, `v1.2`). */
function isKeyChar(c: number): boolean {
  return isIdentChar(c) || c === Ch.MINUS || c === Ch.DOT;
}

/**
 * True when the next member starts at `j` (a non-blank character): an unquoted
 * `key:` (not a URL's `http://`) or anything that cannot continue prose — a quote,
 * a bracket, a comment, an ellipsis. Reads one token at most.
 */
function memberStartsAt(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  if (j >= text.length || isQuote(c) || isUnquotedStop(c) || c === Ch.SLASH || c === Ch.HASH || c === Ch.DOT || c === Ch.LT) return true;
  if (!isIdentChar(c)) return false;
  let k = j;
  while (isKeyChar(text.charCodeAt(k))) k++;
  while (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB) k++;
  return text.charCodeAt(k) === Ch.COLON && text.charCodeAt(k + 1) !== Ch.SLASH;
}

/** After the `,` or line break at `i`: does the member end here? */
function endsMember(text: string, i: number): boolean {
  let j = i + 1;
  while (isWs(text.charCodeAt(j))) j++;
  return memberStartsAt(text, j);
}

/**
 * A URL's `//` at `slashes`, whose scheme (`http:`) may stand anywhere in the text
 * (`see http://x.org`), not only at its start. Reads back over the scheme only.
 */
function isUrlInside(text: string, start: number, slashes: number): boolean {
  if (text.charCodeAt(slashes - 1) !== Ch.COLON || text.charCodeAt(slashes + 1) !== Ch.SLASH) return false;
  let k = slashes - 1;
  while (k > start && k > slashes - 8 && isIdentChar(text.charCodeAt(k - 1))) k--;
  return isUrlSchemeBefore(text, k, slashes) && (k === start || !isIdentChar(text.charCodeAt(k - 1)));
}

/** Closer expected for the opener `c`. */
function closerOf(c: number): number {
  return c === Ch.LBRACE ? Ch.RBRACE : c === Ch.LBRACKET ? Ch.RBRACKET : Ch.RPAREN;
}

/** Per repair: before this index, balanced readings are not tried (one already failed up to it). */
const unbalancedUntil = new WeakMap<RepairContext, number>();
/** Per repair: before this index, calls are not looked into again (a look already read that far). */
const callCheckedUntil = new WeakMap<RepairContext, number>();

/** The plain reading (see the file comment). */
function plainRun(text: string, n: number, start: number, isKey: boolean, quotesInside: boolean): UnquotedRun {
  let i = start;
  let quotes = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isUnquotedStop(c) || (isKey && c === Ch.COLON)) break;
    if (isQuote(c)) {
      if (!quotesInside || i === start || isQuotedKeyAt(text, i)) break;
      quotes++;
    }
    if (c === Ch.SLASH) {
      if (isUrlSchemeBefore(text, start, i)) {
        while (i < n && isUrlChar(text.charCodeAt(i))) i++;
        continue;
      }
      const d = text.charCodeAt(i + 1);
      if (d === Ch.SLASH || d === Ch.STAR) break;
    }
    i++;
  }
  return { stop: i, quotes, spanned: false };
}

/** The balanced reading of an object's value; undefined when its brackets do not balance. */
function balancedRun(text: string, n: number, start: number): UnquotedRun | { failedAt: number } {
  const open: number[] = [];
  let i = start;
  let quotes = 0;
  let spanned = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.LPAREN) {
      open.push(closerOf(c));
    } else if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      if (open.length === 0) {
        if (c !== Ch.RPAREN) break;
      } else if (open.pop() !== c) return { failedAt: i };
    } else if (open.length === 0 && (c === Ch.PLUS || ((c === Ch.COMMA || c === Ch.LF) && endsMember(text, i)))) {
      break;
    } else if (isQuote(c)) {
      if (i === start || isQuotedKeyAt(text, i)) break;
      quotes++;
    } else if (c === Ch.SLASH) {
      if (isUrlInside(text, start, i)) {
        while (i < n && isUrlChar(text.charCodeAt(i)) && text.charCodeAt(i) !== Ch.RPAREN) i++;
        continue;
      }
      const d = text.charCodeAt(i + 1);
      if (d === Ch.SLASH || d === Ch.STAR) break;
    }
    if (isUnquotedStop(c)) spanned = true;
    i++;
  }
  if (open.length > 0) return { failedAt: i };
  return { stop: i, quotes, spanned };
}

/**
 * Reads unquoted text from `start` and tells where it stops.
 *
 * @example
 * // in an object's value, 'f(a, b), next: 1}' stops at the ',' before 'next' (spanned: true);
 * // as a key or array item, 'f(a, b)' stops at the first ','
 */
export function scanUnquoted(ctx: RepairContext, start: number, isKey: boolean, quotesInside: boolean): UnquotedRun {
  const { text, n } = ctx;
  // An object's value (the only place quotes count as content): the balanced reading.
  if (isKey || !quotesInside || start < (unbalancedUntil.get(ctx) ?? 0)) return plainRun(text, n, start, isKey, quotesInside);
  const run = balancedRun(text, n, start);
  if ('stop' in run) return run;
  unbalancedUntil.set(ctx, run.failedAt);
  return plainRun(text, n, start, isKey, quotesInside);
}

/**
 * In an object's value, true when `name(` at `start` (the parenthesis at `paren`) is
 * prose or code rather than a wrapper such as `ObjectId("1")`: its parentheses hold
 * a `,` or a line break and no structure opens them (`f(page: number, sort: string)`).
 * Each stretch of text is looked into once per repair: linear.
 *
 * @example
 * // '{sig: f(a, b), next: 1}' → true; '{id: ObjectId("1")}' → false
 */
export function callIsText(ctx: RepairContext, start: number, paren: number): boolean {
  const { text, n } = ctx;
  if (start < (callCheckedUntil.get(ctx) ?? 0) || start < (unbalancedUntil.get(ctx) ?? 0)) return false;
  let j = paren + 1;
  while (isWs(text.charCodeAt(j))) j++;
  const first = text.charCodeAt(j);
  if (first === Ch.LBRACE || first === Ch.LBRACKET) return false;
  const run = balancedRun(text, n, start);
  if (!('stop' in run)) {
    unbalancedUntil.set(ctx, run.failedAt);
    return false;
  }
  callCheckedUntil.set(ctx, run.stop);
  return run.spanned;
}
