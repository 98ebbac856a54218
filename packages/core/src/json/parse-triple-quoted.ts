/**
 * Python triple-quoted strings (`"""…"""`, `'''…'''`), which models write for
 * long text: the delimiters become `"`, and inside, quotes and raw control
 * characters are escaped, each edit recorded. One pass to the closing triple:
 * linear (an unclosed one is read once, then left to the ordinary string rules).
 */
import { Ch, escapeControl } from './json-chars.js';
import { record, type RepairContext } from './repair-context.js';

const VALID_ESCAPES = '"\\/bfnrtu';

/**
 * Repairs in which a triple-quoted string was found unclosed: the scan went to
 * the end, so later openings are not tried again (that keeps hostile input linear).
 */
const unclosed = new WeakSet<RepairContext>();

/** The triple delimiter opening at `i`, or undefined. */
function tripleAt(text: string, i: number): string | undefined {
  const c = text.charCodeAt(i);
  if ((c !== Ch.DQUOTE && c !== Ch.SQUOTE) || text.charCodeAt(i + 1) !== c || text.charCodeAt(i + 2) !== c) return undefined;
  return text.slice(i, i + 3);
}

/**
 * Reads a triple-quoted string at `ctx.i`; false (nothing consumed) when there is
 * none or it never closes, so the ordinary string rules apply.
 *
 * @example
 * // '{"a": """x "y" z"""}' → {"a": "x \"y\" z"} with triple_quoted_string and unescaped_quote_escaped recorded
 */
export function parseTripleQuoted(ctx: RepairContext): boolean {
  const { text } = ctx;
  const start = ctx.i;
  const triple = tripleAt(text, start);
  if (triple === undefined || unclosed.has(ctx)) return false;
  const mark = ctx.edits.length;
  record(ctx, 'triple_quoted_string', start, start + 3, '"');
  let end = -1;
  for (let i = start + 3; i < ctx.n; i++) {
    const c = text.charCodeAt(i);
    if (c === Ch.BACKSLASH) {
      // A JSON escape stays; any other backslash goes, as in an ordinary string (`invalid_escape`).
      if (!VALID_ESCAPES.includes(text[i + 1] ?? '')) record(ctx, 'invalid_escape', i, i + 1, '');
      i++;
    } else if (text.startsWith(triple, i)) {
      end = i;
      break;
    } else if (c === Ch.DQUOTE) record(ctx, 'unescaped_quote_escaped', i, i, '\\');
    else if (c < 0x20) record(ctx, 'control_character_escaped', i, i + 1, escapeControl(c));
  }
  // Never closed, or `""` then a stray quote: not a triple-quoted string after all.
  if (end <= start + 3) {
    if (end < 0) unclosed.add(ctx);
    ctx.edits.length = mark;
    return false;
  }
  record(ctx, 'triple_quoted_string', end, end + 3, '"');
  ctx.i = end + 3;
  return true;
}
