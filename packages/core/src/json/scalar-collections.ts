/**
 * Python tuples and sets written as values: `(1, 2)` and `{1, 2}` become the
 * arrays `[1, 2]`; parentheses around a single value (`(1)`, `("x")`) are a
 * grouping, dropped as Python reads them. parse-value opens an array frame at the
 * `(` or `{` when these tests say so, and records both delimiters once the frame
 * closes (so the grouping-or-tuple choice needs no look ahead).
 */
import { Ch, isDigit, isQuote, isWs } from './json-chars.js';
import { record, type RepairContext } from './repair-context.js';
import { codeAt } from '../code-at.js';

const WORDS = ['true', 'false', 'null', 'True', 'False', 'None'];

/** After `i`, the next non-blank character (index). */
function nextNonWs(text: string, i: number): number {
  let j = i;
  while (isWs(codeAt(text, j))) j++;
  return j;
}

/**
 * True when the `(` at `i`, in a value's place, opens a tuple or a grouping: what
 * follows starts a JSON value other than a bare word (`(see below)` stays text), or
 * closes it at once (`()`). Reads one token at most.
 *
 * @example
 * opensTuple('(1, 2)', 0) // true; opensTuple('(see below)', 0) // false
 */
export function opensTuple(text: string, i: number): boolean {
  const j = nextNonWs(text, i + 1);
  const c = codeAt(text, j);
  if (isQuote(c) || isDigit(c) || c === Ch.MINUS || c === Ch.DOT || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.LPAREN || c === Ch.RPAREN) return true;
  return WORDS.some((w) => text.startsWith(w, j) && !/[\w$]/.test(text[j + w.length] ?? ''));
}

/** End of the scalar member at `j` (a quoted string on its line, a number or a keyword), or -1. */
function scalarEnd(text: string, j: number): number {
  const c = codeAt(text, j);
  if (isQuote(c)) {
    let k = j + 1;
    while (k < text.length && text.charCodeAt(k) !== c && text.charCodeAt(k) !== Ch.LF) k += text.charCodeAt(k) === Ch.BACKSLASH ? 2 : 1;
    return codeAt(text, k) === c ? k + 1 : -1;
  }
  if (isDigit(c) || c === Ch.MINUS) {
    let k = j + 1;
    while (isDigit(codeAt(text, k)) || codeAt(text, k) === Ch.DOT) k++;
    return k;
  }
  // Without a closure per call: every object with an unquoted first key came here.
  for (const w of WORDS) if (w.charCodeAt(0) === c && text.startsWith(w, j)) return j + w.length;
  return -1;
}

/**
 * True when the `{` at `i`, in a value's place, is a set: scalar members separated
 * by commas and closed by `}`, no `key: value` anywhere (`{'a', 'b'}`, `{5}`). An
 * unclosed one (`{"a",`) is not decided here: it stays an object. Reads the
 * members once; the scan stops at the first thing that is not one, so each
 * character is looked at by one set test at most.
 *
 * @example
 * opensSet("{'a', 'b'}", 0) // true; opensSet('{"a": 1}', 0) // false
 */
export function opensSet(text: string, i: number): boolean {
  let j = nextNonWs(text, i + 1);
  for (;;) {
    const end = scalarEnd(text, j);
    if (end < 0) return false;
    j = nextNonWs(text, end);
    const c = codeAt(text, j);
    if (c === Ch.RBRACE) return true;
    if (c !== Ch.COMMA) return false;
    j = nextNonWs(text, j + 1);
  }
}

/**
 * Records a tuple's or set's delimiters once its frame closed: `(`…`)` holding a
 * single value with no comma is a grouping (both removed), anything else an array.
 * `close` is -1 when the text ended first (the closing `]` is the truncation's).
 */
export function recordCollection(ctx: RepairContext, set: boolean, open: number, close: number, items: number, comma: boolean): void {
  const rule = set ? 'python_set' : 'python_tuple';
  const group = !set && close >= 0 && items === 1 && !comma;
  record(ctx, rule, open, open + 1, group ? '' : '[');
  if (close >= 0) record(ctx, rule, close, close + 1, group ? '' : ']');
}
