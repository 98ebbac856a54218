/**
 * A member cut off at the end of the data: `{"key": ` or `{"ke` or
 * `[1, tr` or `[- `. Its value was never written, so it is dropped and recorded
 * (`truncated_member_dropped`) rather than given an invented `null`, `true` or `0`.
 * A value that was started keeps what was written (`{"a": "app` → `{"a": "app"}`,
 * `[1, 2` → `[1, 2]`), and a cut-off literal or sign standing alone at the root is
 * still completed: only members of a container are dropped.
 */
import { Ch, isWs } from './json-chars.js';
import { record, type RepairContext } from './repair-context.js';
import { isFenceLineAt } from './structure-lookahead.js';

/** The part of a container frame a drop rewinds. */
export interface CutOffFrame {
  tail: number;
  comma: number;
  /** End of the last complete member (or of the opener). */
  keepTail: number;
  /** `ctx.edits.length` when `keepTail` was set. */
  keepMark: number;
}

/** Only blanks from `i` to the end of the data (the text's end or a code fence line). */
function atDataEnd(text: string, i: number): boolean {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i >= text.length || isFenceLineAt(text, i);
}

/**
 * True when the scalar read from `start` to `ctx.i` (its edits from `mark`) is a token
 * cut off at the end of the data: a literal completed there (`tr` → `true`) or a lone
 * minus sign (`-` → `0`).
 *
 * @example
 * // '[1, tr' at 4: true; '[1, 2' at 4: false (a number written whole is kept)
 */
export function isCutOffScalar(ctx: RepairContext, start: number, mark: number): boolean {
  let cut = false;
  for (let k = mark; k < ctx.edits.length && !cut; k++) {
    const rule = ctx.edits[k]!.rule;
    cut = rule === 'truncated_literal_completed' || (rule === 'number_incomplete' && ctx.i === start + 1 && ctx.text.charCodeAt(start) === Ch.MINUS);
  }
  return cut && atDataEnd(ctx.text, ctx.i);
}

/**
 * Drops everything of frame `f` after its last complete member, up to `end` (the end
 * of the data): the edits recorded for it are discarded and one removal recorded, so
 * the closer the caller inserts next lands right after the member kept.
 *
 * @example
 * // '{"a": 1, "b": ' → removes ', "b": ' (truncated_member_dropped); the object closes as {"a": 1}
 */
export function dropCutOff(ctx: RepairContext, f: CutOffFrame, end: number): void {
  if (ctx.edits.length > f.keepMark) ctx.edits.length = f.keepMark;
  ctx.truncated = true;
  if (end > f.keepTail) record(ctx, 'truncated_member_dropped', f.keepTail, end, '');
  f.tail = f.keepTail;
  f.comma = -1;
}
