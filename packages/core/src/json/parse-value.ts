/**
 * One JSON value, containers included, parsed with an explicit stack so that
 * hostile nesting fails at `maxDepth` instead of overflowing the call stack.
 * Every repair (commas, colons, brackets, missing values, ellipses) is recorded
 * as an edit on the candidate text, and the value is built as it is read (see
 * build-value.ts).
 */
import { inexact, putValue, tokenValue } from './build-value.js';
import { Ch, isIdentStart, isQuote, isValueStart } from './json-chars.js';
import { parseString } from './parse-string.js';
import { parseScalar, parseUnquoted, Scalar, ScalarPlace } from './parse-scalar.js';
import { opensSet, opensTuple } from './scalar-collections.js';
import { fail, record, recordRule, ruleInfo, skipTrivia, type RepairContext } from './repair-context.js';
import { dropCutOff, isCutOffScalar } from './structure-cutoff.js';
import { closeFrame, End, Kind, newFrame, OWN_CLOSER, slot, St, type Frame, type Open } from './parse-frame.js';
import { colonInsideKey, continuesArray, continuesObject, isFenceLineAt, strayWordEnd, wordEnd } from './structure-lookahead.js';
import { codeAt } from '../code-at.js';

const MISSING_COMMA = ruleInfo('missing_comma');
const UNQUOTED_KEY = ruleInfo('unquoted_key');
const MISSING_CLOSING_QUOTE = ruleInfo('missing_closing_quote');

function removeEllipsis(ctx: RepairContext): void {
  const { text, n } = ctx;
  const start = ctx.i;
  let end = start + 3;
  let j = end;
  while (j < n && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB)) j++;
  if (codeAt(text, j) === Ch.COMMA) end = j + 1;
  record(ctx, 'ellipsis_removed', start, end, '');
  ctx.i = end;
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
      const c = codeAt(text, ctx.i);
      const set = c === Ch.LBRACE && opensSet(text, ctx.i);
      if (c === Ch.LBRACE || c === Ch.LBRACKET || (c === Ch.LPAREN && opensTuple(text, ctx.i))) {
        if (stack.length >= ctx.maxDepth) return fail(ctx, `Nesting deeper than ${ctx.maxDepth} levels.`);
        const kind = c === Ch.LBRACE && !set ? Kind.OBJECT : Kind.ARRAY;
        const frame = newFrame(ctx, kind, kind === Kind.OBJECT ? St.EXPECT_KEY : St.AFTER_COMMA, ctx.i + 1);
        if (set || c === Ch.LPAREN) {
          frame.collection = { set, open: ctx.i, items: 0, comma: false };
          inexact(ctx);
        }
        stack.push(frame);
        open[slot(frame)]++;
        ctx.i++;
        needValue = false;
        continue;
      }
      if (isQuote(c)) {
        const start = ctx.i;
        const mark = ctx.edits.length;
        if (!parseString(ctx)) return false;
        ctx.value = tokenValue(ctx, start, ctx.i, mark);
      } else {
        const top = stack[stack.length - 1];
        const start = ctx.i;
        const mark = ctx.edits.length;
        const r = parseScalar(ctx, top?.kind === Kind.OBJECT ? ScalarPlace.OBJECT_VALUE : ScalarPlace.OTHER);
        if (r === Scalar.FAILED) return false;
        if (r === Scalar.CALL) {
          if (stack.length >= ctx.maxDepth) return fail(ctx, `Nesting deeper than ${ctx.maxDepth} levels.`);
          inexact(ctx);
          stack.push(newFrame(ctx, Kind.CALL, St.AFTER_COMMA, ctx.i));
          open[2]++;
          continue;
        }
        if (top !== undefined && top.kind !== Kind.CALL && isCutOffScalar(ctx, start, mark)) {
          // `[1, tr` or `{"a": -`: the last token was cut off; drop it rather than invent its value.
          dropMember(ctx, top, ctx.i);
          top.state = St.AFTER_VALUE;
          needValue = false;
          continue;
        }
        ctx.value = tokenValue(ctx, start, ctx.i, mark);
      }
      end = ctx.i;
    } else {
      const f = stack[stack.length - 1]!;
      skipTrivia(ctx, true, f.state === St.AFTER_VALUE || (f.kind === Kind.OBJECT && f.state !== St.AFTER_COLON), OWN_CLOSER[slot(f)]);
      const i = ctx.i;
      const c = codeAt(text, i);
      if (f.kind === Kind.CALL) {
        // `callback(…);` or `ObjectId("…")`: drop the closing parenthesis (and semicolon).
        if (c === Ch.RPAREN) {
          const e = codeAt(text, i + 1) === Ch.SEMI ? i + 2 : i + 1;
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
    if (ctx.exact) putValue(top.container!, top.key, ctx.value);
    top.tail = top.keepTail = end;
    top.keepMark = ctx.edits.length;
    top.unkept = false;
    top.state = St.AFTER_VALUE;
    if (top.collection !== undefined) top.collection.items++;
    needValue = false;
    // A comma right after the value, taken as the next turn's stepContainer would (no trivia to skip).
    if (top.kind !== Kind.CALL && codeAt(text, ctx.i) === Ch.COMMA) {
      top.comma = ctx.i++;
      top.state = St.AFTER_COMMA;
      if (top.collection !== undefined) top.collection.comma = true;
    }
  }
}

const STEP_CONTINUE = -1;
const STEP_VALUE = -2;
const STEP_FAILED = -3;
const NOT_TAKEN = -4; // bareWord: the word is read as before

/** Pops `f` after closing it; returns where the closed value ends. */
function popClosed(ctx: RepairContext, f: Frame, stack: Frame[], open: Open, end: End): number {
  const consumed = closeFrame(ctx, f, open, end);
  ctx.value = f.container;
  stack.pop();
  open[slot(f)]--;
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
  if (ctx.exact) putValue(parent.container!, undefined, f.container);
  stack.pop();
  open[1]--;
  parent.tail = parent.keepTail = f.tail;
  parent.keepMark = ctx.edits.length;
  parent.comma = f.comma;
  parent.state = f.comma >= 0 ? St.AFTER_COMMA : St.AFTER_VALUE;
  return STEP_CONTINUE;
}

/**
 * How the data ends at `i`, if it does: the end of the text, or a code fence line.
 * After an object's colon a triple backtick opens a string; where an array expects a
 * value only a bare fence line (nothing after it, as a closing fence) ends the data.
 */
function endAt(ctx: RepairContext, f: Frame, c: number, i: number): End {
  if (i >= ctx.n) return End.TEXT;
  if (c !== Ch.BACKTICK || f.state === St.AFTER_COLON) return End.NONE;
  return isFenceLineAt(ctx.text, i, f.kind === Kind.ARRAY && f.state !== St.AFTER_VALUE) ? End.FENCE : End.NONE;
}

/**
 * A `}` or `]` at `i` that closes nothing the text goes on with: skipped, recorded, when
 * what follows continues frame `f` (`, "key":` for an object, `, value` for an array).
 * Either `f` is an object whose own `}` would end the root or an array element, yet a
 * member follows (`{"a": 1}, "b": 2}`, or a `}` missing earlier); or the closer matches
 * no open frame (`[{"k": 1}}, {"k": 2}]`). Valid JSON never has either shape.
 */
function skipStrayCloser(ctx: RepairContext, f: Frame, c: number, stack: Frame[], open: Open): boolean {
  const { text } = ctx;
  const i = ctx.i;
  let stray: boolean;
  if (f.kind === Kind.OBJECT && c === Ch.RBRACE) {
    const parent = stack[stack.length - 2];
    stray = f.state !== St.AFTER_KEY && f.state !== St.AFTER_COLON && (parent === undefined || parent.kind === Kind.ARRAY) && continuesObject(text, i + 1);
  } else {
    const own = OWN_CLOSER[slot(f)];
    const ancestor = c === Ch.RBRACKET ? open[0] > 0 : open[1] > 0;
    stray = c !== own && !ancestor && (f.kind === Kind.OBJECT ? continuesObject(text, i + 1) : continuesArray(text, i + 1));
  }
  if (!stray) return false;
  record(ctx, 'stray_closing_bracket_skipped', i, i + 1, '');
  ctx.i = i + 1;
  return true;
}

/**
 * A bare word at `ctx.i` in object `f` where a key is expected, or after a value (`beforeCloser`):
 * dropped when stray (see strayWordEnd). A key with its colon right after it (`name:`) is taken as
 * parseUnquoted would (identifiers need no escaping), read once instead of three times.
 */
function bareWord(ctx: RepairContext, f: Frame, beforeCloser: boolean): number {
  const { text } = ctx;
  const i = ctx.i;
  const w = wordEnd(text, i);
  const stray = w < 0 ? -1 : strayWordEnd(text, w, beforeCloser);
  if (stray >= 0) {
    record(ctx, 'stray_word_dropped', i, stray, '');
    ctx.i = stray;
    return STEP_CONTINUE;
  }
  if (beforeCloser || w < 0 || text.charCodeAt(w) !== Ch.COLON) return NOT_TAKEN;
  const symbol = text.slice(i, w);
  recordRule(ctx, UNQUOTED_KEY, i, w, `"${symbol}"`, symbol);
  f.key = symbol;
  f.comma = -1;
  ctx.i = w;
  return takeColon(ctx, f);
}

/**
 * Takes the colon at `ctx.i` after `f`'s key and the trivia after it, and the AFTER_COLON step
 * next when it would only ask for the value: two turns of the parse loop fewer per member.
 */
function takeColon(ctx: RepairContext, f: Frame): number {
  f.state = St.AFTER_COLON;
  f.tail = ++ctx.i;
  skipTrivia(ctx, true, false);
  const c = codeAt(ctx.text, ctx.i);
  return ctx.i < ctx.n && c !== Ch.COMMA && c !== Ch.RBRACKET && c !== Ch.RBRACE && c !== Ch.RPAREN ? STEP_VALUE : STEP_CONTINUE;
}

/**
 * Drops `f`'s member cut off at the end of the data (see dropCutOff). A `null` given to a
 * missing value since the last member kept is dropped with it: the value built no longer
 * follows the text.
 */
function dropMember(ctx: RepairContext, f: Frame, end: number): void {
  if (f.unkept) inexact(ctx);
  dropCutOff(ctx, f, end);
}

/** `f`'s next key is the text from `start` to the colon at `colon`, its closing quote inserted there; the quote after it opens the value. */
function closeKeyAtColon(ctx: RepairContext, f: Frame, start: number, colon: number): number {
  recordRule(ctx, MISSING_CLOSING_QUOTE, colon, colon, '"');
  if (ctx.exact) f.key = ctx.text.slice(start + 1, colon);
  f.comma = -1;
  f.state = St.AFTER_COLON;
  f.tail = colon + 1;
  ctx.i -= 1;
  return STEP_VALUE;
}

/** The key read from `start` (its edits from `mark`) as `f`'s next member's. */
function readKey(ctx: RepairContext, f: Frame, start: number, mark: number): void {
  const key = tokenValue(ctx, start, ctx.i, mark);
  if (typeof key === 'string') f.key = key;
  else inexact(ctx);
}

/** One step inside an array or object at character `c`; a value end, or a STEP_* code. */
function stepContainer(ctx: RepairContext, f: Frame, c: number, stack: Frame[], open: Open): number {
  const i = ctx.i;
  const end = endAt(ctx, f, c, i);
  const atEnd = end !== End.NONE;
  const closer = atEnd || c === Ch.RBRACKET || c === Ch.RBRACE || c === Ch.RPAREN;
  if (closer && !atEnd && c !== Ch.RPAREN && skipStrayCloser(ctx, f, c, stack, open)) return STEP_CONTINUE;
  if (f.kind === Kind.ARRAY) {
    if (closer) return popClosed(ctx, f, stack, open, end);
    if (c === Ch.COMMA) {
      if (f.state === St.AFTER_VALUE) {
        f.comma = i;
        f.state = St.AFTER_COMMA;
        if (f.collection !== undefined) f.collection.comma = true;
      } else record(ctx, 'extra_comma', i, i + 1, '');
      ctx.i++;
      return STEP_CONTINUE;
    }
    if (c === Ch.DOT && ctx.text.startsWith('...', i)) {
      removeEllipsis(ctx);
      return STEP_CONTINUE;
    }
    if (f.state === St.AFTER_VALUE) recordRule(ctx, MISSING_COMMA, f.tail, f.tail, ',');
    f.comma = -1;
    return STEP_VALUE;
  }
  switch (f.state) {
    case St.EXPECT_KEY:
    case St.AFTER_COMMA:
      if (closer) return popClosed(ctx, f, stack, open, end);
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
      const bare = isIdentStart(c) ? bareWord(ctx, f, false) : NOT_TAKEN;
      if (bare !== NOT_TAKEN) return bare;
      const mark = ctx.edits.length;
      if (!(isQuote(c) ? parseString(ctx) : parseUnquoted(ctx, true))) return STEP_FAILED;
      const colon = c === Ch.DQUOTE && ctx.edits.length === mark ? colonInsideKey(ctx.text, i, ctx.i) : -1;
      if (colon >= 0) return closeKeyAtColon(ctx, f, i, colon);
      if (ctx.exact) readKey(ctx, f, i, mark);
      f.comma = -1;
      f.state = St.AFTER_KEY;
      f.tail = ctx.i;
      // The colon right after the key, as the AFTER_KEY step would take it: one turn fewer.
      return codeAt(ctx.text, ctx.i) === Ch.COLON ? takeColon(ctx, f) : STEP_CONTINUE;
    case St.AFTER_KEY:
      if (c === Ch.COLON) return takeColon(ctx, f);
      if (atEnd) {
        // A key cut off, or left without its value, at the end of the data: dropped, not given null.
        dropMember(ctx, f, i);
        return popClosed(ctx, f, stack, open, end);
      }
      if (isValueStart(c)) {
        record(ctx, 'missing_colon', f.tail, f.tail, ':');
        f.state = St.AFTER_COLON;
        return STEP_VALUE;
      }
      fail(ctx, `Colon expected at ${i}.`);
      return STEP_FAILED;
    case St.AFTER_COLON:
      if (atEnd) {
        dropMember(ctx, f, i);
        return popClosed(ctx, f, stack, open, end);
      }
      if (closer || c === Ch.COMMA) {
        // Mid-document `"key": ,` or `"key": }`: the text is complete, the value is missing (null, as jsonrepair).
        record(ctx, 'missing_value', f.tail, f.tail, 'null');
        if (ctx.exact) putValue(f.container!, f.key, null);
        f.unkept = true;
        if (closer) return popClosed(ctx, f, stack, open, end);
        f.comma = i;
        f.state = St.AFTER_COMMA;
        ctx.i++;
        return STEP_CONTINUE;
      }
      return STEP_VALUE;
    default:
      if (closer) return popClosed(ctx, f, stack, open, end);
      if (c === Ch.COMMA) {
        f.comma = i;
        f.state = St.AFTER_COMMA;
        ctx.i++;
        return STEP_CONTINUE;
      }
      if (c === Ch.LBRACE || c === Ch.LBRACKET) return closeIntoParentArray(ctx, f, stack, open);
      if (isIdentStart(c) && bareWord(ctx, f, true) !== NOT_TAKEN) return STEP_CONTINUE;
      if (isValueStart(c)) {
        recordRule(ctx, MISSING_COMMA, f.tail, f.tail, ',');
        f.state = St.AFTER_COMMA;
        return STEP_CONTINUE;
      }
      fail(ctx, `Unexpected character ${JSON.stringify(ctx.text[i])} at ${i} in an object.`);
      return STEP_FAILED;
  }
}
