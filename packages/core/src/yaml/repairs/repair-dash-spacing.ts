/**
 * Rule 10: `-key: value` where a list entry was meant. A space goes after the
 * dash, but only where the line sits in a sequence (a sibling entry at the
 * same indentation, or a bare parent key above), since `-key` alone is a
 * legal key.
 */
import { isBlankOrComment, type YamlLine } from '../line-table.js';
import { entryAt } from '../yaml-entry.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';
import { insertSpace, replaceLine, rewriteLines } from './rewrite-lines.js';
import { codeAt } from '../../code-at.js';

export const DASH_SPACING_MESSAGE = 'Inserted a missing space after a YAML list dash before parsing.';

const GLUED_DASH = /^( *)-(?=[A-Za-z_][\w-]*:(?:[ \t]|$))/;

/** What GLUED_DASH needs first, without a regex: a `-` after the spaces, then a letter or `_`. */
function opensGluedDash(text: string): boolean {
  let k = 0;
  while (codeAt(text, k) === 32) k++;
  if (codeAt(text, k) !== 45) return false;
  const c = codeAt(text, k + 1) | 32;
  return (c >= 97 && c <= 122) || codeAt(text, k + 1) === 95;
}

/**
 * For each line, whether the nearest content line above it at or left of its own
 * indentation makes it a sequence entry (see {@link repairDashSpacing}). One pass with a
 * stack of content lines of increasing indentation answers every line's walk back, so a
 * staircase of glued dashes costs linear time instead of a walk per line.
 */
function sequenceContext(lines: readonly YamlLine[]): Uint8Array {
  const inSequence = new Uint8Array(lines.length);
  const stack: { indent: number; opens: boolean; opensSame: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.text;
    if (isBlankOrComment(text)) continue;
    const e = entryAt(lines, i);
    const glued = GLUED_DASH.exec(text);
    const indent = glued !== null ? glued[1]!.length : e.indent;
    while (stack.length > 0 && stack[stack.length - 1]!.indent > indent) stack.pop();
    const top = stack[stack.length - 1];
    if (top !== undefined) inSequence[i] = (top.indent === indent ? top.opensSame : top.opens) ? 1 : 0;
    if (top !== undefined && top.indent === indent) stack.pop();
    const bareKey = e.key !== null && e.value === '';
    // A line right above at the same indentation: an entry, a glued entry or a bare key; further left: a bare key.
    stack.push({ indent: e.indent, opens: bareKey, opensSame: e.dash || (glued !== null && glued[1]!.length === e.indent) || bareKey });
  }
  return inSequence;
}

/**
 * @example
 * repairDashSpacing(toLines('items:\n  -id: a'), ctx).lines[1].text // '  - id: a'
 */
export function repairDashSpacing(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_dash_space_inserted', DASH_SPACING_MESSAGE);
  let context: Uint8Array | null = null;
  return rewriteLines(lines, w, (i) => {
    const text = lines[i]!.text;
    const match = opensGluedDash(text) ? GLUED_DASH.exec(text) : null;
    if (match === null) return null;
    context ??= sequenceContext(lines);
    return context[i] === 1 ? replaceLine(i, [insertSpace(text, match[0].length)]) : null;
  });
}
