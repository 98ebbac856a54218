/**
 * Rule 10: `-key: value` where a list entry was meant. A space goes after the
 * dash, but only where the line sits in a sequence (a sibling entry at the
 * same indentation, or a bare parent key above), since `-key` alone is a
 * legal key.
 */
import type { YamlLine } from '../line-table.js';
import { isBlank, isComment } from '../line-table.js';
import { readEntry } from '../yaml-entry.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';
import { insertSpace, replaceLine, rewriteLines } from './rewrite-lines.js';

export const DASH_SPACING_MESSAGE = 'Inserted a missing space after a YAML list dash before parsing.';

const GLUED_DASH = /^( *)-(?=[A-Za-z_][\w-]*:(?:[ \t]|$))/;
const MAX_WALK = 4000;

/** True when the nearest line at or above `indent` makes line `i` a sequence entry. */
function inSequence(lines: readonly YamlLine[], i: number, indent: number): boolean {
  for (let j = i - 1, steps = 0; j >= 0 && steps < MAX_WALK; j--, steps++) {
    const text = lines[j]!.text;
    if (isBlank(text) || isComment(text)) continue;
    const glued = GLUED_DASH.exec(text);
    const e = readEntry(text);
    if (e.indent > indent) continue;
    if (e.indent === indent) return e.dash || (glued !== null && glued[1]!.length === indent) || (e.key !== null && e.value === '');
    return e.key !== null && e.value === '';
  }
  return false;
}

/**
 * @example
 * repairDashSpacing(toLines('items:\n  -id: a'), ctx).lines[1].text // '  - id: a'
 */
export function repairDashSpacing(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_dash_space_inserted', DASH_SPACING_MESSAGE);
  return rewriteLines(lines, w, (i) => {
    const text = lines[i]!.text;
    const match = GLUED_DASH.exec(text);
    return match !== null && inSequence(lines, i, match[1]!.length) ? replaceLine(i, [insertSpace(text, match[0].length)]) : null;
  });
}
