/**
 * Python triple-quoted strings (`"""…"""`, `'''…'''`), which models write for
 * long text, and Markdown triple backticks used as a string (`"code": ```py …````):
 * the delimiters become `"`, and inside, quotes and raw control characters are
 * escaped, each edit recorded. In backticks the text is verbatim code: a
 * backslash is kept as written (escaped), and an info string after the opening
 * backticks (`python`) goes. One pass to the closing triple: linear (an unclosed
 * one is read once, then left to the ordinary string rules).
 */
import { Ch, escapeControl } from './json-chars.js';
import { record, type RepairContext } from './repair-context.js';
import { keepsBackslash } from './string-escape.js';

const VALID_ESCAPES = '"\\/bfnrtu';

/** The triple delimiter opening at `i`, or undefined. */
function tripleAt(text: string, i: number): string | undefined {
  const c = text.charCodeAt(i);
  if ((c !== Ch.DQUOTE && c !== Ch.SQUOTE && c !== Ch.BACKTICK) || text.charCodeAt(i + 1) !== c || text.charCodeAt(i + 2) !== c) return undefined;
  return text.slice(i, i + 3);
}

/** Where the body of a block ends and how much indentation its lines share (Python's `inspect.cleandoc`). */
interface Block {
  /** Drop a line break right after the opening triple. */
  readonly leadingBreak: number;
  /** Start of a last line holding only spaces before the closing triple (with its line break), or -1. */
  readonly trailing: number;
  /** Indentation shared by every non-blank line after the first. */
  readonly indent: number;
}

function isBlank(c: number): boolean {
  return c === Ch.SPACE || c === Ch.TAB;
}

/** One pass over the body `[from, end)`: a block written over several lines is dedented. */
function blockOf(text: string, from: number, end: number): Block {
  let leadingBreak = 0;
  if (text.charCodeAt(from) === Ch.LF) leadingBreak = 1;
  else if (text.charCodeAt(from) === Ch.CR && text.charCodeAt(from + 1) === Ch.LF) leadingBreak = 2;
  let indent = -1;
  let lastBreak = -1;
  let prefix = '';
  for (let i = from; i < end; i++) {
    if (text.charCodeAt(i) !== Ch.LF) continue;
    lastBreak = i;
    let j = i + 1;
    while (j < end && isBlank(text.charCodeAt(j))) j++;
    if (j >= end || text.charCodeAt(j) === Ch.LF || text.charCodeAt(j) === Ch.CR) continue;
    const own = text.slice(i + 1, j);
    if (indent < 0) {
      prefix = own;
      indent = own.length;
    } else {
      let k = 0;
      while (k < indent && k < own.length && own.charCodeAt(k) === prefix.charCodeAt(k)) k++;
      indent = k;
    }
  }
  let trailing = lastBreak;
  for (let i = lastBreak + 1; trailing >= 0 && i < end; i++) if (!isBlank(text.charCodeAt(i))) trailing = -1;
  if (trailing > from && text.charCodeAt(trailing - 1) === Ch.CR) trailing--;
  return { leadingBreak, trailing: lastBreak < 0 ? -1 : trailing, indent: Math.max(indent, 0) };
}

/**
 * Reads a triple-quoted string at `ctx.i`; false (nothing consumed) when there is
 * none or it never closes, so the ordinary string rules apply. A block written
 * over several lines is dedented the way Python's `inspect.cleandoc` does: the line
 * break after the opening triple, the blank last line before the closing one and
 * the indentation the lines share go, each removal recorded.
 *
 * @example
 * // '{"a": """x "y" z"""}' → {"a": "x \"y\" z"}, one triple_quoted_string (unescaped_quote_escaped inside)
 * // '{"a": """\n    Hi\n      there\n    """}' → {"a": "Hi\n  there"}
 */
export function parseTripleQuoted(ctx: RepairContext): boolean {
  const { text } = ctx;
  const start = ctx.i;
  const triple = tripleAt(text, start);
  if (triple === undefined || ctx.tripleUnclosed) return false;
  const verbatim = triple === '```';
  const rule = verbatim ? 'backtick_quoted_string' : 'triple_quoted_string';
  const bodyStart = start + 3 + (verbatim ? infoLength(text, start + 3) : 0);
  const end = closingTriple(text, bodyStart, triple, verbatim);
  // Never closed, or `""` then a stray quote: not a triple-quoted string after all.
  if (end <= start + 3) {
    // The scan went to the end: later openings are not tried again (that keeps hostile input linear).
    if (end < 0) ctx.tripleUnclosed = true;
    return false;
  }
  const block = blockOf(text, bodyStart, end);
  const bodyEnd = block.trailing >= 0 ? block.trailing : end;
  record(ctx, rule, start, bodyStart + block.leadingBreak, '"');
  let lineStart = block.leadingBreak > 0;
  for (let i = bodyStart + block.leadingBreak; i < bodyEnd; i++) {
    if (lineStart && block.indent > 0) {
      let j = i;
      while (j < i + block.indent && j < bodyEnd && isBlank(text.charCodeAt(j))) j++;
      if (j > i) record(ctx, rule, i, j, '');
      lineStart = false;
      i = j;
      if (i >= bodyEnd) break;
    }
    lineStart = false;
    const c = text.charCodeAt(i);
    if (c === Ch.BACKSLASH && verbatim) record(ctx, 'invalid_escape', i, i, '\\');
    else if (c === Ch.BACKSLASH) {
      // A JSON escape stays; any other backslash is kept as written (`\s`) or dropped (`\'`), as in an ordinary string.
      if (!VALID_ESCAPES.includes(text[i + 1] ?? '')) {
        if (keepsBackslash(text, i)) record(ctx, 'lone_backslash_escaped', i, i + 1, '\\\\');
        else record(ctx, 'invalid_escape', i, i + 1, '');
      }
      i++;
    } else if (c === Ch.DQUOTE) record(ctx, 'unescaped_quote_escaped', i, i, '\\');
    else if (c < 0x20) {
      record(ctx, 'control_character_escaped', i, i + 1, escapeControl(c));
      lineStart = c === Ch.LF;
    }
  }
  record(ctx, rule, bodyEnd, end + 3, '"');
  ctx.i = end + 3;
  return true;
}

/** An info string: a language, optionally a file name (`python`, `typescript main.ts`). */
const INFO = /^[\w+#.-]+(?:[ \t]+[\w+#./-]+)?[ \t]*$/;

/** Length of an info string right after opening backticks, up to its line break (0: none). */
function infoLength(text: string, from: number): number {
  let i = from;
  while (i < text.length && text.charCodeAt(i) !== Ch.LF && text.charCodeAt(i) !== Ch.BACKTICK && i - from < 80) i++;
  if (text.charCodeAt(i) !== Ch.LF) return 0;
  const end = text.charCodeAt(i - 1) === Ch.CR ? i - 1 : i;
  return INFO.test(text.slice(from, end)) ? end - from : 0;
}

/** Index of the triple closing the string whose body starts at `from`, or -1. */
function closingTriple(text: string, from: number, triple: string, verbatim: boolean): number {
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) === Ch.BACKSLASH && !verbatim) i++;
    else if (text.startsWith(triple, i)) return i;
  }
  return -1;
}
