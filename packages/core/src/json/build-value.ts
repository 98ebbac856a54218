/**
 * The repairer's value, built as it reads: each string, number and keyword the parse
 * completes is read from its own slice of the text with the edits recorded for it, and put
 * into the array or object being read. The repaired text is then needed only by a caller
 * who asks for it, and is never parsed again: `JSON.parse` of the whole repaired text was
 * about a sixth of a defective document's repair.
 *
 * The value is by construction `JSON.parse` of the repaired text (a test checks it on every
 * corpus and on random text). Where a repair changes the value in ways this does not follow
 * (a call wrapper, a Python set or tuple, joined NDJSON roots, an unwrapped escaped root, a
 * missing value's `null` in a member a cut-off then drops), the context's `exact` goes false
 * and the result is read from the repaired text as before.
 */
import { applyEdits, sortEdits } from './apply-edits.js';
import type { RepairContext } from './repair-context.js';

/** An array or object being read. */
export type Container = unknown[] | Record<string, unknown>;

/** No value: the builder gave up on this text (see `RepairContext.exact`). */
const NONE = undefined;

/** Stops building: the result will be read from the repaired text. */
export function inexact(ctx: RepairContext): undefined {
  ctx.exact = false;
  return NONE;
}

/**
 * The value of the string, number or keyword read from `start` to `end`, its edits being
 * `ctx.edits` from `mark` on (all inside that range); undefined (and `ctx.exact` false) when
 * the repaired token is not one JSON value this reads.
 *
 * @example
 * // text `'it\'s'` with its single_quoted_string edit → "it's"
 */
export function tokenValue(ctx: RepairContext, start: number, end: number, mark: number): unknown {
  if (!ctx.exact) return NONE;
  const { text, edits } = ctx;
  if (edits.length === mark) {
    // Untouched: a string holds no raw control character or bare quote (the reader would have
    // recorded an edit for it), so without a backslash its value is its inside.
    const c = text.charCodeAt(start);
    if (c === 0x22) return ctx.escapes ? literalValue(ctx, text.slice(start, end)) : text.slice(start + 1, end - 1);
    return c >= 0x31 && c <= 0x39 && end - start < 10 ? smallInteger(ctx, text, start, end) : literalValue(ctx, text.slice(start, end));
  }
  if (edits.length === mark + 1 && !ctx.escapes) {
    // `'ab'` or curly quotes: one record of both delimiters and nothing else (another repair inside
    // would be named in `also`, and would change the length), so the value is the text between them.
    const e = edits[mark]!;
    const span = e.span!;
    if (span[0] === start && span[1] === end && e.also === undefined && (e.rule === 'single_quoted_string' || e.rule === 'curly_quoted_string') && e.after!.length === end - start) {
      return text.slice(start + 1, end - 1);
    }
  }
  for (let k = mark; k < edits.length; k++) {
    const span = edits[k]!.span!;
    if (span[0] < start || span[1] > end) return inexact(ctx);
  }
  const literal = applyEdits(text, sortEdits(edits.slice(mark)), start, end);
  return literal === undefined ? inexact(ctx) : literalValue(ctx, literal);
}

/** `text[start, end)`, an untouched token starting with a digit other than 0 and shorter than 10 units, as an integer when it is one. */
function smallInteger(ctx: RepairContext, text: string, start: number, end: number): unknown {
  let n = 0;
  for (let k = start; k < end; k++) {
    const d = text.charCodeAt(k) - 0x30;
    if (d < 0 || d > 9) return literalValue(ctx, text.slice(start, end));
    n = n * 10 + d;
  }
  return n;
}

/** The value of one JSON token: `"…"` with nothing to unescape read directly, anything else by `JSON.parse`. */
function literalValue(ctx: RepairContext, literal: string): unknown {
  const last = literal.length - 1;
  if (last > 0 && literal.charCodeAt(0) === 0x22 && literal.charCodeAt(last) === 0x22) {
    let plain = true;
    for (let k = 1; k < last && plain; k++) {
      const c = literal.charCodeAt(k);
      plain = c >= 0x20 && c !== 0x22 && c !== 0x5c;
    }
    if (plain) return literal.slice(1, last);
  } else if (literal === 'true') return true;
  else if (literal === 'false') return false;
  else if (literal === 'null') return null;
  try {
    return JSON.parse(literal) as unknown;
  } catch {
    return inexact(ctx);
  }
}

/** The container a frame of this kind reads into: an object, or an array (arrays, sets, tuples). */
export function newContainer(object: boolean): Container {
  return object ? {} : [];
}

/**
 * Puts `value` into `into`: an array's next element, or the object's member `key` (an own
 * data property, as `JSON.parse` makes it, also for `__proto__`).
 */
export function putValue(into: Container, key: string | undefined, value: unknown): void {
  if (Array.isArray(into)) into.push(value);
  else if (key === '__proto__') Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
  else into[key!] = value;
}
