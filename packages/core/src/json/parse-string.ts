/**
 * String literals: quote styles, missing or misplaced end quotes, unescaped
 * quotes, invalid escapes, raw control characters, truncation, and `"a" + "b"`.
 *
 * Like jsonrepair, a string is first read assuming its end quote is right; when
 * the quote it finds is not followed by something that can follow a string,
 * the string is read once more, stopping at a delimiter. Each string is read at
 * most twice and only up to its next same-kind quote, so the whole stays linear.
 */
import type { JsonCode } from './codes.js';
import { Ch, escapeControl, isDelimiter, isDoubleQuoteLike, isHex, isQuote, isSingleQuoteLike, isUnquotedStop, isUrlChar, isUrlSchemeBefore, isWs } from './json-chars.js';
import { parseTripleQuoted } from './parse-triple-quoted.js';
import { fail, groupClosedPair, groupStringEdits, prevNonWs, record, recordClose, recordRule, ruleInfo, skipTrivia, type RepairContext, type RuleInfo } from './repair-context.js';
import { classifyQuote, innerQuotationEnd, Next, nextFollows, Place, placeOf, Quote } from './string-end.js';
import { keepsBackslash } from './string-escape.js';
import { closersBeforeFence, Fence, fenceAt } from './string-fence.js';
import { dropEditsFrom, pendingTrims, trimClosingLineBreak, trimLater } from './string-trims.js';
import { codeAt } from '../code-at.js';

const enum Mode { FIRST, DELIM, STOP }
/** Results of one read besides "done": read again in another mode, or give up. */
const RETRY_DELIM = -2;
const FAILED = -3;
const DONE = -1;
/** A suspect quote that is text after all: the read goes on. */
const CONTINUE = -4;

/** Net `(`, `[`, `{` inside the string read so far; scratch space reused, as reads never nest. */
const OPENS = new Int32Array(3);

function isCommentStart(d: number): boolean {
  return d === Ch.SLASH || d === Ch.STAR;
}

function quoteRule(open: number): JsonCode {
  if (open === Ch.SQUOTE) return 'single_quoted_string';
  if (open === Ch.BACKTICK || open === Ch.ACUTE) return 'backtick_quoted_string';
  return 'curly_quoted_string';
}

const SINGLE_QUOTED = ruleInfo('single_quoted_string');
const CURLY_QUOTED = ruleInfo('curly_quoted_string');
const BACKTICK_QUOTED = ruleInfo('backtick_quoted_string');

/** {@link quoteRule}'s info. */
function quoteInfo(open: number): RuleInfo {
  if (open === Ch.SQUOTE) return SINGLE_QUOTED;
  if (open === Ch.BACKTICK || open === Ch.ACUTE) return BACKTICK_QUOTED;
  return CURLY_QUOTED;
}

function endsString(open: number, c: number): boolean {
  if (open === Ch.DQUOTE) return c === Ch.DQUOTE;
  if (open === Ch.SQUOTE) return c === Ch.SQUOTE;
  return isDoubleQuoteLike(open) ? isDoubleQuoteLike(c) : isSingleQuoteLike(c);
}

/**
 * ASCII code units a read passes over with nothing to do but step (1): printable, and none of
 * the backslash, the brackets counted in OPENS, or the quote that may end the string (a
 * double quote ends or is escaped in a `"` string, so both quote tables exclude it). Every
 * non-ASCII unit is plain in a `"` or `'` string.
 */
function plainTable(quote: number): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0x20; c < 128; c++) table[c] = 1;
  for (const c of [Ch.BACKSLASH, Ch.DQUOTE, quote, Ch.LPAREN, Ch.RPAREN, Ch.LBRACKET, Ch.RBRACKET, Ch.LBRACE, Ch.RBRACE]) table[c] = 0;
  return table;
}
const PLAIN_IN_DOUBLE = plainTable(Ch.DQUOTE);
const PLAIN_IN_SINGLE = plainTable(Ch.SQUOTE);

/** The first index at or after `i` (and before `limit`) that is not plain in the table's strings. */
function skipPlain(text: string, i: number, limit: number, table: Uint8Array): number {
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c < 128 && table[c] === 0) break;
    i++;
  }
  return i;
}

/** Start of the trailing plain spaces before `end` (not before `floor`). */
function beforeSpaces(text: string, end: number, floor: number): number {
  let e = end;
  while (e > floor && text.charCodeAt(e - 1) === Ch.SPACE) e--;
  return e;
}

/** Closes the string at `at`; a close with only whitespace after it is a truncation. */
function closeAt(ctx: RepairContext, at: number, spanEnd: number, rule: JsonCode): void {
  ctx.closePos = at;
  ctx.closeEdit = ctx.edits.length;
  let k = spanEnd;
  while (k < ctx.n && isWs(ctx.text.charCodeAt(k))) k++;
  if (k >= ctx.n) {
    ctx.truncated = true;
    record(ctx, 'truncated_string_closed', at, spanEnd, '"');
  } else record(ctx, rule, at, spanEnd, '"');
}

/**
 * A candidate end quote at `i` that did not plainly end the string (first read): FAILED, an
 * index to stop at (the comma before it, when the string lacks its end quote), RETRY_DELIM,
 * or CONTINUE when it is a quote inside the text. In an object value, a `:` before it
 * (`"Format: "YYYY""`) or a structure opened inside the string (`"a {"k": 1} b"`) makes it
 * text, and a comma stops the string only when a member follows it (an element, in an array).
 */
function suspectQuote(ctx: RepairContext, start: number, i: number, kind: Quote, place: Place): number {
  const { text, n } = ctx;
  let j = i + 1;
  while (j < n && isWs(text.charCodeAt(j)) && text.charCodeAt(j) !== Ch.LF) j++;
  if (codeAt(text, j) === Ch.BACKSLASH) return FAILED;
  const p = prevNonWs(text, i - 1, start);
  const value = place === Place.OBJECT_VALUE;
  if (kind !== Quote.SUSPECT || p <= start || (place !== Place.ANY && (OPENS[1]! > 0 || OPENS[2]! > 0))) return CONTINUE;
  const prev = text.charCodeAt(p);
  if (prev === Ch.COMMA) return place === Place.ANY || nextFollows(text, p, n, value ? Next.MEMBER : Next.ELEMENT) ? retry(ctx, i, p) : CONTINUE;
  // After an opener inside the string (`"print("Hi")"`), a quote followed by text opens a
  // quotation inside it: no string ends right after `(`, `[` or `{` with text after it.
  if (prev === Ch.LPAREN || prev === Ch.LBRACKET || prev === Ch.LBRACE || (value && prev === Ch.COLON)) return CONTINUE;
  return isDelimiter(prev) ? retry(ctx, i, RETRY_DELIM) : CONTINUE;
}

/**
 * Ends a string left open at the end of the text before the bare fence line at `lf` (the
 * fence closing the block the JSON was written in): the string is closed as truncated and
 * the fence with whatever follows it is trimmed (recorded once the string's edits are grouped).
 */
function closeBeforeFence(ctx: RepairContext, start: number, mark: number, lf: number): number {
  const { text, n } = ctx;
  let at = lf;
  while (at > start + 1 && isWs(text.charCodeAt(at - 1))) at--;
  // The first read went on past the fence: what it recorded there is trimmed with it.
  dropEditsFrom(ctx, mark, at);
  ctx.truncated = true;
  ctx.closePos = at;
  ctx.closeEdit = ctx.edits.length;
  record(ctx, 'truncated_string_closed', at, at, '"');
  trimLater(ctx, 'unclosed_string_fence_trimmed', at, n);
  ctx.i = n;
  return DONE;
}

/** A first read that will be read again: remembers how far it went, to charge the re-read budget. */
function retry(ctx: RepairContext, reached: number, result: number): number {
  ctx.readReached = reached;
  return result;
}

/** One read of the string opening at `start`; returns DONE, RETRY_DELIM, FAILED or an index to stop at. */
function readString(ctx: RepairContext, start: number, mode: Mode, stopAt: number): number {
  const { text, n } = ctx;
  const open = text.charCodeAt(start);
  const opens = OPENS;
  // Element by element: `fill` is a call TurboFan does not inline, a tenth of a string's read.
  opens[0] = opens[1] = opens[2] = 0;
  const mark = ctx.edits.length;
  if (open !== Ch.DQUOTE) recordRule(ctx, quoteInfo(open), start, start + 1, '"');
  let i = start + 1;
  // Past the whitespace the last trivia skip ended with, when it ends here: not read twice.
  const place = mode === Mode.FIRST ? placeOf(text, ctx.wsEnd === start ? ctx.wsStart : start) : Place.ANY;
  // A member's value read to its delimiter keeps quotations inside its text (see innerQuotationEnd); told once per read.
  const quotations = mode === Mode.DELIM && placeOf(text, start) === Place.OBJECT_VALUE;
  // Fence lines met by a first read: inside a block the string opened (```js … ```), and the first bare fence outside one.
  let inBlock = false;
  let fence = -1;
  // The fast lane: plain text between the units a read must look at (the delimiter read looks at all).
  const plain = mode === Mode.DELIM ? null : open === Ch.DQUOTE ? PLAIN_IN_DOUBLE : open === Ch.SQUOTE ? PLAIN_IN_SINGLE : null;
  for (;;) {
    if (plain !== null) i = skipPlain(text, i, mode === Mode.STOP && stopAt >= i ? stopAt : n, plain);
    if (i >= n) {
      if (mode === Mode.FIRST) {
        // Before a fence line as at the end of the text: closers last (`"value]}` then the fence) are
        // structure, read again up to them; otherwise the string is closed as cut off before the fence.
        const p = prevNonWs(text, (fence >= 0 ? fence : n) - 1, start);
        if (fence >= 0 && !closersBeforeFence(text, start, p)) return closeBeforeFence(ctx, start, mark, fence);
        if (p > start && isDelimiter(text.charCodeAt(p))) return retry(ctx, n, RETRY_DELIM);
      }
      const at = beforeSpaces(text, n, start + 1);
      closeAt(ctx, at, at, 'missing_closing_quote');
      ctx.i = at;
      return DONE;
    }
    if (mode === Mode.STOP && i === stopAt) {
      ctx.closePos = i;
      ctx.closeEdit = ctx.edits.length;
      record(ctx, 'missing_closing_quote', i, i, '"');
      ctx.i = i;
      return DONE;
    }
    const c = text.charCodeAt(i);
    if (endsString(open, c)) {
      // A stopping read ends at the first read's stop: every quote before it was text to that read.
      const kind = mode === Mode.FIRST ? classifyQuote(text, i, n, opens, place) : mode === Mode.STOP ? Quote.CONTENT : Quote.ENDS;
      // `"he said "hi" ok}`: both quotes of the quotation escaped.
      const quoted = quotations && c === Ch.DQUOTE ? innerQuotationEnd(text, i) : -1;
      if (quoted >= 0) {
        record(ctx, 'unescaped_quote_escaped', i, i, '\\');
        record(ctx, 'unescaped_quote_escaped', quoted, quoted, '\\');
        i = quoted + 1;
        continue;
      }
      if (kind === Quote.ENDS) {
        trimClosingLineBreak(ctx, start, mark, i);
        ctx.closePos = i;
        ctx.closeEdit = c === Ch.DQUOTE ? -1 : ctx.edits.length;
        // Recorded once needed (see recordClose): most such strings make one record of both quotes.
        if (c !== Ch.DQUOTE) ctx.closeRule = quoteRule(open === Ch.DQUOTE ? c : open);
        ctx.i = i + 1;
        return DONE;
      }
      if (mode === Mode.FIRST) {
        const r = suspectQuote(ctx, start, i, kind, place);
        if (r !== CONTINUE) return r;
      }
      // Not the end after all: a quote inside the text.
      if (c === Ch.DQUOTE) record(ctx, 'unescaped_quote_escaped', i, i, '\\');
      i++;
      continue;
    }
    if (mode === Mode.DELIM && (isUnquotedStop(c) || (c === Ch.SLASH && isCommentStart(codeAt(text, i + 1))) || (c === Ch.SLASH && isUrlSchemeBefore(text, start + 1, i)))) {
      let end = i;
      if (c === Ch.SLASH && isUrlSchemeBefore(text, start + 1, i)) {
        while (end < n && isUrlChar(text.charCodeAt(end))) end++;
        if (end >= n) {
          closeAt(ctx, end, end, 'missing_closing_quote');
          ctx.i = end;
          return DONE;
        }
      }
      const at = beforeSpaces(text, end, start + 1);
      ctx.closePos = at;
      ctx.closeEdit = ctx.edits.length;
      record(ctx, 'missing_closing_quote', at, at, '"');
      ctx.i = at;
      return DONE;
    }
    if (c === Ch.BACKSLASH) {
      ctx.escapes = true;
      const d = codeAt(text, i + 1);
      if (d === Ch.DQUOTE || d === Ch.BACKSLASH || d === Ch.SLASH || d === 98 || d === 102 || d === 110 || d === 114 || d === 116) {
        i += 2;
      } else if (d === Ch.LOWER_U) {
        let j = 2;
        while (j < 6 && isHex(text.charCodeAt(i + j))) j++;
        if (j === 6) i += 6;
        else if (i + j >= n) {
          const at = beforeSpaces(text, i, start + 1);
          closeAt(ctx, at, n, 'missing_closing_quote');
          ctx.i = n;
          return DONE;
        } else {
          fail(ctx, `Invalid unicode escape "${text.slice(i, i + 6)}" at ${i}.`);
          return FAILED;
        }
      } else if (i + 1 >= n) {
        const at = beforeSpaces(text, i, start + 1);
        closeAt(ctx, at, n, 'missing_closing_quote');
        ctx.i = n;
        return DONE;
      } else if (d < 0x20) {
        // Backslash-newline (a shell line continuation) or backslash-control: one escape.
        record(ctx, 'invalid_escape', i, i + 2, escapeControl(d));
        i += 2;
      } else {
        // `\s`, `\(`, `\le`: the backslash is text, kept as an escaped backslash; `\'`, `\a`: dropped.
        if (keepsBackslash(text, i)) record(ctx, 'lone_backslash_escaped', i, i + 1, '\\\\');
        else record(ctx, 'invalid_escape', i, i + 1, '');
        i += 2;
      }
      continue;
    }
    if (c === Ch.DQUOTE) {
      record(ctx, 'unescaped_quote_escaped', i, i, '\\');
    } else if (c < 0x20) {
      record(ctx, 'control_character_escaped', i, i + 1, escapeControl(c));
      if (c === Ch.LF && mode === Mode.FIRST && fence < 0) {
        const f = fenceAt(text, i + 1);
        if (f === Fence.INFO) inBlock = true;
        else if (f === Fence.BARE) {
          if (inBlock) inBlock = false;
          else fence = i;
        }
      }
    } else if (c === Ch.LPAREN) opens[0]!++;
    else if (c === Ch.RPAREN) opens[0]!--;
    else if (c === Ch.LBRACKET) opens[1]!++;
    else if (c === Ch.RBRACKET) opens[1]!--;
    else if (c === Ch.LBRACE) opens[2]!++;
    else if (c === Ch.RBRACE) opens[2]!--;
    i++;
  }
}

/** Reads one string literal at `ctx.i` (a quote), re-reading once when its end quote was wrong. */
function readLiteral(ctx: RepairContext): boolean {
  const start = ctx.i;
  const mark = ctx.edits.length;
  // A first read that looks past the string's real end is wasted work; once the waste adds
  // up to a few times the text (only hostile text gets there: many strings whose end quote
  // never comes), strings are read up to a delimiter at once. That keeps the whole linear.
  let r = ctx.rereadBudget > 0 ? readString(ctx, start, Mode.FIRST, -1) : RETRY_DELIM;
  if (r === RETRY_DELIM || r >= 0) {
    ctx.rereadBudget -= ctx.readReached - start;
    if (ctx.edits.length > mark) ctx.edits.length = mark;
    r = r === RETRY_DELIM ? readString(ctx, start, Mode.DELIM, -1) : readString(ctx, start, Mode.STOP, r);
  }
  if (r === FAILED) return fail(ctx, `Cannot read the string starting at ${start}.`);
  return true;
}

/**
 * Parses a string at `ctx.i` and any `+ "…"` continuations joined to it.
 *
 * All the edits one string needed are one intervention spanning it (see groupStringEdits).
 *
 * @example
 * // '"a" + \'b\'' → "ab", one string_concatenation (its message names the single quotes)
 */
export function parseString(ctx: RepairContext): boolean {
  const start = ctx.i;
  const mark = ctx.edits.length;
  // Setting an array's length is a builtin call: most strings leave the list empty, so skip it.
  if (pendingTrims.length > 0) pendingTrims.length = 0;
  ctx.escapes = false;
  const ok = parseStringParts(ctx);
  if (ok) {
    // `'ab'`: the opening quote's record and the closing one, still unrecorded, become one.
    if (!(ctx.closeRule !== undefined && ctx.edits.length === mark + 1 && groupClosedPair(ctx, mark, start))) {
      recordClose(ctx);
      // Tested here: most strings record nothing, and the call alone was a cost per string.
      if (ctx.edits.length !== mark) groupStringEdits(ctx, mark, start);
    }
    if (pendingTrims.length > 0) for (const trim of pendingTrims) ctx.edits.push(trim);
  }
  ctx.closeRule = undefined;
  if (pendingTrims.length > 0) pendingTrims.length = 0;
  return ok;
}

/** The string at `ctx.i` and its `+` continuations, each edit recorded on its own. */
function parseStringParts(ctx: RepairContext): boolean {
  // A triple quote repeats its first character: the look for one is not a call per string.
  if (codeAt(ctx.text, ctx.i + 1) === ctx.text.charCodeAt(ctx.i) && parseTripleQuoted(ctx)) return true;
  if (!readLiteral(ctx)) return false;
  const { text } = ctx;
  for (;;) {
    const joinStart = ctx.closePos;
    const joinEdit = ctx.closeEdit;
    const save = ctx.i;
    skipTrivia(ctx, false);
    if (codeAt(text, ctx.i) !== Ch.PLUS) {
      ctx.i = save;
      return true;
    }
    ctx.i++;
    skipTrivia(ctx, false);
    // The join replaces the first string's closing quote, so drop that quote's own edit (or
    // leave it unrecorded, see recordClose).
    if (ctx.closeRule !== undefined) ctx.closeRule = undefined;
    else if (joinEdit >= 0) ctx.edits.splice(joinEdit, 1);
    if (!isQuote(codeAt(text, ctx.i))) {
      // A dangling `+`: drop it and close the string before it.
      record(ctx, 'string_concatenation', joinStart, ctx.i, '"');
      return true;
    }
    const open = ctx.i;
    const mark = ctx.edits.length;
    if (!readLiteral(ctx)) return false;
    recordClose(ctx);
    // …and the second string's opening quote too.
    const first = ctx.edits[mark];
    if (first !== undefined && first.span![0] === open && first.span![1] === open + 1) {
      ctx.edits.splice(mark, 1);
      if (ctx.closeEdit > mark) ctx.closeEdit--;
    }
    record(ctx, 'string_concatenation', joinStart, open + 1, '');
  }
}
