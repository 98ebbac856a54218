/**
 * Bounded look-aheads of the structural repairs: whether a closer is
 * stray, a bare word stands between members, a code fence line ends the data.
 * Each reads at most a constant number of characters past where it is asked,
 * so calling one per token keeps the repairer's single pass linear.
 */
import { Ch, isIdentChar, isIdentStart, isValueStart, quoteBeforeStop } from './json-chars.js';
import { codeAt } from '../code-at.js';

/** Longest key a look-ahead reads before it gives up (keys are short; the bound keeps it linear). */
const MAX_KEY = 256;
/** Longest bare word taken for a stray one. */
const MAX_WORD = 64;
/** Most blanks a look-ahead skips. */
const MAX_BLANKS = 256;
/** Longest value a look-ahead reads to its closing quote. */
const MAX_VALUE = 256;

function isBlank(c: number): boolean {
  return c === Ch.SPACE || c === Ch.TAB || c === Ch.CR || c === Ch.LF;
}

/** Index after the blanks at `i` (at most MAX_BLANKS of them). */
function skipBlanks(text: string, i: number): number {
  const stop = Math.min(text.length, i + MAX_BLANKS);
  while (i < stop && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/**
 * A double-quoted key at `i` followed by its colon: `"name":` or `"" :`, the key on one
 * line, no longer than MAX_KEY.
 *
 * @example
 * isQuotedKeyAhead('{"a": 1}, "b": 2}', 10) // true
 */
export function isQuotedKeyAhead(text: string, i: number): boolean {
  if (codeAt(text, i) !== Ch.DQUOTE) return false;
  const stop = Math.min(text.length, i + 1 + MAX_KEY);
  let k = i + 1;
  for (; k < stop; k++) {
    const c = text.charCodeAt(k);
    if (c === Ch.DQUOTE || c === Ch.LF) break;
    if (c === Ch.BACKSLASH) k++;
  }
  if (codeAt(text, k) !== Ch.DQUOTE) return false;
  k++;
  while (codeAt(text, k) === Ch.SPACE || codeAt(text, k) === Ch.TAB) k++;
  return codeAt(text, k) === Ch.COLON;
}

/**
 * After a closer that ends at `i`: the text continues an object, with `, "key":` or
 * `"key":` (the closer closed it too early, or closed nothing).
 *
 * @example
 * continuesObject('{"a": 1}, "b": 2}', 8) // true
 * continuesObject('{"a": 1}, {"b": 2}', 8) // false: a second root value
 */
export function continuesObject(text: string, i: number): boolean {
  let k = skipBlanks(text, i);
  if (codeAt(text, k) === Ch.COMMA) k = skipBlanks(text, k + 1);
  return isQuotedKeyAhead(text, k);
}

/**
 * After a closer that ends at `i`: the text continues an array with `, value`.
 *
 * @example
 * continuesArray('[{"k": 1}}, {"k": 2}]', 10) // true
 */
export function continuesArray(text: string, i: number): boolean {
  let k = skipBlanks(text, i);
  if (codeAt(text, k) !== Ch.COMMA) return false;
  k = skipBlanks(text, k + 1);
  return k < text.length && isValueStart(text.charCodeAt(k));
}

/** End of the identifier word at `i` when it is at most MAX_WORD long, else -1. */
export function wordEnd(text: string, i: number): number {
  if (!isIdentStart(text.charCodeAt(i))) return -1;
  const stop = Math.min(text.length, i + MAX_WORD + 1);
  let k = i + 1;
  while (k < stop && isIdentChar(text.charCodeAt(k))) k++;
  return k < stop || k === text.length ? k : -1;
}

/**
 * A bare word ending at `end` (its {@link wordEnd}) standing between an object's members:
 * followed, after at least one blank, by a quoted key and its colon (`SHOULD_NOT_EXIST "b": 1`),
 * or, where `beforeCloser`, by the object's `}` (`"data" AAAA }`). Returns where the dropped
 * stretch ends (the next key, or the end of the word before the `}`), or -1.
 *
 * @example
 * strayWordEnd('{"a": 1, WORD "b": 2}', 13, false) // 14
 */
export function strayWordEnd(text: string, end: number, beforeCloser: boolean): number {
  const next = skipBlanks(text, end);
  if (next > end && isQuotedKeyAhead(text, next)) return next;
  if (beforeCloser && text.charCodeAt(next) === Ch.RBRACE) return end;
  return -1;
}

/**
 * A Markdown code fence line at `i`: ```` ``` ```` with only spaces or tabs before it on
 * its line (and, when `bare`, nothing after it). After an unclosed object or array it
 * ends the data.
 *
 * @example
 * isFenceLineAt('{"a": 1\n```\nDone.', 8) // true
 */
export function isFenceLineAt(text: string, i: number, bare = false): boolean {
  if (!text.startsWith('```', i)) return false;
  const floor = Math.max(0, i - MAX_BLANKS);
  let k = i;
  while (k > floor && (text.charCodeAt(k - 1) === Ch.SPACE || text.charCodeAt(k - 1) === Ch.TAB)) k--;
  if (k !== 0 && text.charCodeAt(k - 1) !== Ch.LF) return false;
  if (!bare) return true;
  // Bare: nothing after the backticks on their line, as a closing fence (an opening one may name a language).
  const stop = Math.min(text.length, i + 3 + MAX_BLANKS);
  k = i + 3;
  while (k < stop && (text.charCodeAt(k) === Ch.SPACE || text.charCodeAt(k) === Ch.TAB || text.charCodeAt(k) === Ch.CR)) k++;
  return k >= text.length || text.charCodeAt(k) === Ch.LF;
}

/**
 * The colon inside a double-quoted key read whole from `start` to `end` whose closing quote went
 * missing before it, or -1. `"key:"value"` read as it came is the key `key:` and a value missing
 * its opening quote, two repairs; one quote before the colon reads `"key":"value"`. Taken only
 * when the key ends in `:` (spaces after it allowed), its last quote is glued to a letter or
 * digit after it, where a value's opening quote stands and a key's closing quote does not, and
 * that value ends in a quote of its own within {@link MAX_VALUE} characters (the key itself was
 * read already).
 *
 * @example
 * colonInsideKey('{"key:"value"}', 1, 7) // 5
 */
export function colonInsideKey(text: string, start: number, end: number): number {
  if (text.charCodeAt(end - 1) !== Ch.DQUOTE || !isIdentChar(codeAt(text, end))) return -1;
  let k = end - 2;
  while (k > start && text.charCodeAt(k) === Ch.SPACE) k--;
  if (k <= start + 1 || text.charCodeAt(k) !== Ch.COLON) return -1;
  // An escape in the key leaves it as read: its text would not be a plain slice.
  for (let j = start + 1; j < k; j++) if (text.charCodeAt(j) === Ch.BACKSLASH) return -1;
  // The value closes with a quote before its line or member ends (`"key:"42}` stays a missing colon).
  return quoteBeforeStop(text, end, MAX_VALUE) >= 0 ? k : -1;
}
