/**
 * Trims around a string literal that the string reader decides on while reading (a fence that
 * ended a string left open, the line break before a closing quote put on its own line), queued
 * until the string's own edits are grouped.
 */
import type { Intervention } from '../types.js';
import { Ch, isWs } from './json-chars.js';
import { codeInfo, type RepairContext } from './repair-context.js';

/**
 * Trims around a string (a fence that ended it, the line break before its closing quote), recorded
 * after the string's own edits are grouped: each stays its own intervention, so a profile can deny it.
 */
export const pendingTrims: Intervention[] = [];

/** Queues the removal of `text[start, end)` as its own intervention (see pendingTrims). */
export function trimLater(ctx: RepairContext, rule: 'unclosed_string_fence_trimmed' | 'string_closing_line_break_trimmed', start: number, end: number): void {
  const info = codeInfo(rule);
  pendingTrims.push({ rule, stage: 'parse', category: info.category, message: info.message, span: [start, end], before: ctx.text.slice(start, end), after: '' });
}

/** Drops what this read recorded (its edits from `mark` on) at or after `from`: the text there is trimmed. */
export function dropEditsFrom(ctx: RepairContext, mark: number, from: number): void {
  const { edits } = ctx;
  while (edits.length > mark && edits[edits.length - 1]!.span![0] >= from) edits.pop();
}

/**
 * A closing quote at `q` put on its own line (`"text⏎  "`): the raw line break and the spaces
 * around it are layout, not text, and are trimmed (as json_repair does). Only whitespace holding
 * a raw line break counts, so valid JSON (which has none) is never touched.
 */
export function trimClosingLineBreak(ctx: RepairContext, start: number, mark: number, q: number): void {
  const { text } = ctx;
  let b = q;
  let lineBreak = false;
  for (let c = text.charCodeAt(b - 1); b > start + 1 && isWs(c); c = text.charCodeAt(--b - 1)) lineBreak ||= c === Ch.LF;
  // A string of whitespace only keeps it: there is no text for the quote to be laid out after.
  if (!lineBreak || b <= start + 1) return;
  dropEditsFrom(ctx, mark, b);
  trimLater(ctx, 'string_closing_line_break_trimmed', b, q);
}
