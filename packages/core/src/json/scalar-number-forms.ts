/**
 * Number spellings JSON lacks that models copy from Python and prose: digits
 * grouped with underscores (`82_461_110`, Python and JavaScript numeric
 * separators) and fractions or dates written with a slash (`1/3`, `12/31/2024`),
 * which no JSON number can hold, so they are kept verbatim as strings (json_repair
 * does the same). Each is one recorded edit; the caller has already read the number.
 */
import { Ch, isDigit } from './json-chars.js';
import { record, type RepairContext } from './repair-context.js';
import { codeAt } from '../code-at.js';

/**
 * End of the run of digits at `i`; an underscore counts when a digit stands on
 * both sides of it, as Python and JavaScript allow.
 *
 * @example
 * digitRunEnd('82_461_110,', 0) // 10
 * digitRunEnd('1__0', 0)        // 1: a doubled underscore groups nothing
 */
export function digitRunEnd(text: string, i: number): number {
  let k = i;
  for (;;) {
    const c = codeAt(text, k);
    if (isDigit(c) || (c === Ch.UNDERSCORE && k > i && isDigit(codeAt(text, k + 1)))) k++;
    else return k;
  }
}

/**
 * End of the slash-separated digit groups after the number that ends at `i`
 * (`1/3`, `12/31/2024`), or `i` when no `/digit` follows. A `//` is a comment.
 *
 * @example
 * slashGroupsEnd('1/3, ', 1) // 3
 */
export function slashGroupsEnd(text: string, i: number): number {
  let k = i;
  while (codeAt(text, k) === Ch.SLASH && isDigit(codeAt(text, k + 1))) {
    k++;
    while (isDigit(codeAt(text, k))) k++;
  }
  return k;
}

/**
 * Quotes the number with slashes at `[start, end)` as one string; edits the
 * number read made before (a `+` sign) are dropped, since the text stays verbatim.
 *
 * @example
 * // '{"key": 1/3}' → {"key": "1/3"} (number_fraction_quoted)
 */
export function quoteFraction(ctx: RepairContext, start: number, end: number, mark: number): void {
  if (ctx.edits.length > mark) ctx.edits.length = mark;
  record(ctx, 'number_fraction_quoted', start, end, JSON.stringify(ctx.text.slice(start, end)));
  ctx.i = end;
}

/**
 * Removes the underscores of the number at `[start, end)` whose integer part
 * starts at `intStart`, as one edit from the first underscore to the last. True
 * when the number needs nothing more (recorded, or had none); false (nothing
 * recorded) when it cannot be written without them: `0_1` would become a
 * leading-zero `01`, and an edit already made inside the number (`1_0.e5`)
 * would overlap this one.
 *
 * @example
 * // '{"n": 82_461_110}' → {"n": 82461110}; '1_234.5_6' → 1234.56 (number_underscores)
 */
export function dropUnderscores(ctx: RepairContext, start: number, intStart: number, end: number, mark: number): boolean {
  const { text } = ctx;
  let first = -1;
  let last = -1;
  for (let k = start; k < end; k++) {
    if (text.charCodeAt(k) !== Ch.UNDERSCORE) continue;
    if (first < 0) first = k;
    last = k;
  }
  if (first < 0) return true;
  // `0_1`: a leading zero once the underscores go.
  if (text.charCodeAt(intStart) === Ch.ZERO && first === intStart + 1) return false;
  for (let e = mark; e < ctx.edits.length; e++) if (ctx.edits[e]!.span![1] > first) return false;
  record(ctx, 'number_underscores', first, last + 1, text.slice(first, last + 1).replace(/_/g, ''));
  return true;
}
