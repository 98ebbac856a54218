/**
 * The repairer's cursor and edit log. Every change is one intervention whose
 * span is in candidate coordinates; the repaired text is the candidate with
 * these edits applied, so nothing is ever changed without a record.
 */
import type { Intervention } from '../types.js';
import { JSON_CODE_INFO, type JsonCode } from './codes.js';
import { Ch, isSpecialWs, isWs } from './json-chars.js';

export interface RepairContext {
  readonly text: string;
  readonly n: number;
  /** Current index into `text`. */
  i: number;
  edits: Intervention[];
  /** Set when a structure, string or literal cut off at the end was closed. */
  truncated: boolean;
  /** Why parsing failed, once it did. */
  error: string | undefined;
  readonly maxDepth: number;
}

export function createContext(text: string, maxDepth: number): RepairContext {
  return { text, n: text.length, i: 0, edits: [], truncated: false, error: undefined, maxDepth };
}

/** Records one edit: `text[start, end)` becomes `after` (an insertion when start === end). */
export function record(ctx: RepairContext, rule: JsonCode, start: number, end: number, after: string): void {
  const info = JSON_CODE_INFO[rule];
  ctx.edits.push({
    rule, stage: 'parse', category: info.category, message: info.message,
    span: [start, end], before: ctx.text.slice(start, end), after,
  });
}

/** Fails the parse with a reason; returns false so callers can `return fail(...)`. */
export function fail(ctx: RepairContext, error: string): false {
  ctx.error ??= error;
  return false;
}

/** Index of the last non-whitespace character at or before `from` (or `floor`). */
export function prevNonWs(text: string, from: number, floor: number): number {
  let p = from;
  while (p > floor && isWs(text.charCodeAt(p))) p--;
  return p;
}

/**
 * Skips whitespace and comments from `ctx.i`. When `log` is true, comments are
 * removed and special spaces replaced, each with an intervention; otherwise the
 * caller removes the whole stretch itself.
 */
export function skipTrivia(ctx: RepairContext, log: boolean): void {
  const { text, n } = ctx;
  let i = ctx.i;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === Ch.SPACE || c === Ch.LF || c === Ch.CR || c === Ch.TAB) {
      i++;
    } else if (c === Ch.SLASH) {
      const d = text.charCodeAt(i + 1);
      if (d === Ch.STAR) {
        const close = text.indexOf('*/', i + 2);
        const end = close < 0 ? n : close + 2;
        if (log) record(ctx, 'block_comment_removed', i, end, '');
        i = end;
      } else if (d === Ch.SLASH) {
        const nl = text.indexOf('\n', i + 2);
        const end = nl < 0 ? n : nl;
        if (log) record(ctx, 'line_comment_removed', i, end, '');
        i = end;
      } else break;
    } else if (c === Ch.LT && text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      const end = close < 0 ? n : close + 3;
      if (log) record(ctx, 'html_comment_removed', i, end, '');
      i = end;
    } else if (isSpecialWs(c)) {
      let end = i + 1;
      while (end < n && isSpecialWs(text.charCodeAt(end))) end++;
      if (log) record(ctx, 'special_whitespace', i, end, ' '.repeat(end - i));
      i = end;
    } else break;
  }
  ctx.i = i;
}
