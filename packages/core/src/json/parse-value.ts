/**
 * One JSON value, containers included, parsed with an explicit stack so that
 * hostile nesting fails at `maxDepth` instead of overflowing the call stack.
 * Every repair (commas, colons, brackets, missing values, ellipses) is recorded
 * as an edit on the candidate text; nothing is built here.
 */
import { Ch, isQuote, isValueStart } from './json-chars.js';
import { parseString } from './parse-string.js';
import { parseScalar, parseUnquoted, Scalar, ScalarPlace } from './parse-scalar.js';
import { fail, record, skipTrivia, type RepairContext } from './repair-context.js';

const enum Kind { ARRAY, OBJECT, CALL }
const enum St { EXPECT_KEY, AFTER_KEY, AFTER_COLON, AFTER_VALUE, AFTER_COMMA }

interface Frame {
  kind: Kind;
  state: St;
  /** Just after the last token that stays: where missing commas, colons and closers go. */
  tail: number;
  /** A comma seen after the last value, not yet followed by another (-1: none). */
  comma: number;
}

/** Counts of open frames per kind, so a stray closer is matched in O(1). */
type Open = [arrays: number, objects: number, calls: number];

const CLOSER = [']', '}', ''] as const;

function dropPendingComma(ctx: RepairContext, f: Frame): void {
  if (f.comma >= 0) record(ctx, 'trailing_comma', f.comma, f.comma + 1, '');
  f.comma = -1;
}

function removeEllipsis(ctx: RepairContext): void {
  const { text, n } = ctx;
  const start = ctx.i;
  let end = start + 3;
  let j = end;
  while (j < n && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB)) j++;
  if (text.charCodeAt(j) === Ch.COMMA) end = j + 1;
  record(ctx, 'ellipsis_removed', start, end, '');
  ctx.i = end;
}

/**
 * Closes frame `f` at the current character, which is `]`, `}`, `)` or the end
 * of the text. Returns true when the character was consumed.
 */
function closeFrame(ctx: RepairContext, f: Frame, open: Open): boolean {
  const c = ctx.text.charCodeAt(ctx.i);
  dropPendingComma(ctx, f);
  const own = f.kind === Kind.ARRAY ? Ch.RBRACKET : Ch.RBRACE;
  if (c === own) {
    ctx.i++;
    return true;
  }
  if (ctx.i >= ctx.n) {
    ctx.truncated = true;
    record(ctx, 'truncated_structure_closed', f.tail, f.tail, CLOSER[f.kind]);
    return false;
  }
  const ancestor = c === Ch.RBRACKET ? open[0] > 0 : c === Ch.RBRACE ? open[1] > 0 : open[2] > 0;
  if (ancestor) {
    // The closer belongs to an enclosing structure: this one lacks its own.
    record(ctx, 'missing_closing_bracket', f.tail, f.tail, CLOSER[f.kind]);
    return false;
  }
  record(ctx, 'mismatched_closing_bracket', ctx.i, ctx.i + 1, CLOSER[f.kind]);
  ctx.i++;
  return true;
}

/**
 * Parses the value at `ctx.i`, leaving `ctx.i` just after it.
 *
 * @example
 * // '[1, 2,]' → trailing_comma; '{a: 1' → unquoted_key, truncated_structure_closed
 */
export function parseValue(ctx: RepairContext): boolean {
  const { text } = ctx;
  const stack: Frame[] = [];
  const open: Open = [0, 0, 0];
  let needValue = true;
  for (;;) {
    let end: number;
    if (needValue) {
      skipTrivia(ctx, true);
      const c = text.charCodeAt(ctx.i);
      if (c === Ch.LBRACE || c === Ch.LBRACKET) {
        if (stack.length >= ctx.maxDepth) return fail(ctx, `Nesting deeper than ${ctx.maxDepth} levels.`);
        const kind = c === Ch.LBRACE ? Kind.OBJECT : Kind.ARRAY;
        stack.push({ kind, state: kind === Kind.OBJECT ? St.EXPECT_KEY : St.AFTER_COMMA, tail: ctx.i + 1, comma: -1 });
        open[kind]++;
        ctx.i++;
        needValue = false;
        continue;
      }
      if (isQuote(c)) {
        if (!parseString(ctx)) return false;
      } else {
        const top = stack[stack.length - 1];
        const r = parseScalar(ctx, top?.kind === Kind.OBJECT ? ScalarPlace.OBJECT_VALUE : ScalarPlace.OTHER);
        if (r === Scalar.FAILED) return false;
        if (r === Scalar.CALL) {
          if (stack.length >= ctx.maxDepth) return fail(ctx, `Nesting deeper than ${ctx.maxDepth} levels.`);
          stack.push({ kind: Kind.CALL, state: St.AFTER_COMMA, tail: ctx.i, comma: -1 });
          open[2]++;
          continue;
        }
      }
      end = ctx.i;
    } else {
      const f = stack[stack.length - 1]!;
      skipTrivia(ctx, true, f.state === St.AFTER_VALUE || (f.kind === Kind.OBJECT && f.state !== St.AFTER_COLON));
      const i = ctx.i;
      const c = text.charCodeAt(i);
      if (f.kind === Kind.CALL) {
        // `callback(…);` or `ObjectId("…")`: drop the closing parenthesis (and semicolon).
        if (c === Ch.RPAREN) {
          const e = text.charCodeAt(i + 1) === Ch.SEMI ? i + 2 : i + 1;
          record(ctx, 'function_call_unwrapped', i, e, '');
          ctx.i = e;
        }
        stack.pop();
        open[2]--;
        end = c === Ch.RPAREN ? ctx.i : f.tail;
      } else {
        const r = stepContainer(ctx, f, c, stack, open);
        if (r === STEP_FAILED) return false;
        if (r === STEP_CONTINUE) continue;
        if (r === STEP_VALUE) {
          needValue = true;
          continue;
        }
        end = r;
      }
    }
    if (stack.length === 0) return true;
    const top = stack[stack.length - 1]!;
    top.tail = end;
    top.state = St.AFTER_VALUE;
    needValue = false;
  }
}

const STEP_CONTINUE = -1;
const STEP_VALUE = -2;
const STEP_FAILED = -3;

/** Pops `f` after closing it; returns where the closed value ends. */
function popClosed(ctx: RepairContext, f: Frame, stack: Frame[], open: Open): number {
  const consumed = closeFrame(ctx, f, open);
  stack.pop();
  open[f.kind]--;
  return consumed ? ctx.i : f.tail;
}

/**
 * An object missing its `}` before the next element of its parent array, as in
 * `[{"a":1, {"b":2}]`: close it and hand its pending comma to the array.
 */
function closeIntoParentArray(ctx: RepairContext, f: Frame, stack: Frame[], open: Open): number {
  const parent = stack[stack.length - 2];
  if (parent === undefined || parent.kind !== Kind.ARRAY) {
    fail(ctx, `Unexpected ${JSON.stringify(ctx.text[ctx.i])} at ${ctx.i}: an object key was expected.`);
    return STEP_FAILED;
  }
  record(ctx, 'missing_closing_bracket', f.tail, f.tail, '}');
  stack.pop();
  open[1]--;
  parent.tail = f.tail;
  parent.comma = f.comma;
  parent.state = f.comma >= 0 ? St.AFTER_COMMA : St.AFTER_VALUE;
  return STEP_CONTINUE;
}

/** One step inside an array or object at character `c`; a value end, or a STEP_* code. */
function stepContainer(ctx: RepairContext, f: Frame, c: number, stack: Frame[], open: Open): number {
  const i = ctx.i;
  const atEnd = i >= ctx.n;
  const closer = atEnd || c === Ch.RBRACKET || c === Ch.RBRACE || c === Ch.RPAREN;
  if (f.kind === Kind.ARRAY) {
    if (closer) return popClosed(ctx, f, stack, open);
    if (c === Ch.COMMA) {
      if (f.state === St.AFTER_VALUE) {
        f.comma = i;
        f.state = St.AFTER_COMMA;
      } else record(ctx, 'extra_comma', i, i + 1, '');
      ctx.i++;
      return STEP_CONTINUE;
    }
    if (c === Ch.DOT && ctx.text.startsWith('...', i)) {
      removeEllipsis(ctx);
      return STEP_CONTINUE;
    }
    if (f.state === St.AFTER_VALUE) record(ctx, 'missing_comma', f.tail, f.tail, ',');
    f.comma = -1;
    return STEP_VALUE;
  }
  switch (f.state) {
    case St.EXPECT_KEY:
    case St.AFTER_COMMA:
      if (closer) return popClosed(ctx, f, stack, open);
      if (c === Ch.COMMA) {
        record(ctx, 'extra_comma', i, i + 1, '');
        ctx.i++;
        return STEP_CONTINUE;
      }
      if (c === Ch.DOT && ctx.text.startsWith('...', i)) {
        removeEllipsis(ctx);
        return STEP_CONTINUE;
      }
      if (c === Ch.LBRACE || c === Ch.LBRACKET) return closeIntoParentArray(ctx, f, stack, open);
      if (c === Ch.COLON) {
        fail(ctx, `Object key expected at ${i}.`);
        return STEP_FAILED;
      }
      if (!(isQuote(c) ? parseString(ctx) : parseUnquoted(ctx, true))) return STEP_FAILED;
      f.comma = -1;
      f.state = St.AFTER_KEY;
      f.tail = ctx.i;
      return STEP_CONTINUE;
    case St.AFTER_KEY:
      if (c === Ch.COLON) {
        f.state = St.AFTER_COLON;
        f.tail = ++ctx.i;
        return STEP_CONTINUE;
      }
      if (atEnd) {
        ctx.truncated = true;
        record(ctx, 'missing_value', f.tail, f.tail, ':null');
        return popClosed(ctx, f, stack, open);
      }
      if (isValueStart(c)) {
        record(ctx, 'missing_colon', f.tail, f.tail, ':');
        f.state = St.AFTER_COLON;
        return STEP_VALUE;
      }
      fail(ctx, `Colon expected at ${i}.`);
      return STEP_FAILED;
    case St.AFTER_COLON:
      if (closer || c === Ch.COMMA) {
        if (atEnd) ctx.truncated = true;
        record(ctx, 'missing_value', f.tail, f.tail, 'null');
        if (closer) return popClosed(ctx, f, stack, open);
        f.comma = i;
        f.state = St.AFTER_COMMA;
        ctx.i++;
        return STEP_CONTINUE;
      }
      return STEP_VALUE;
    default:
      if (closer) return popClosed(ctx, f, stack, open);
      if (c === Ch.COMMA) {
        f.comma = i;
        f.state = St.AFTER_COMMA;
        ctx.i++;
        return STEP_CONTINUE;
      }
      if (c === Ch.LBRACE || c === Ch.LBRACKET) return closeIntoParentArray(ctx, f, stack, open);
      if (isValueStart(c)) {
        record(ctx, 'missing_comma', f.tail, f.tail, ',');
        f.state = St.AFTER_COMMA;
        return STEP_CONTINUE;
      }
      fail(ctx, `Unexpected character ${JSON.stringify(ctx.text[i])} at ${i} in an object.`);
      return STEP_FAILED;
  }
}
