/**
 * Rule 2: a collection key with its first sequence item on the same line
 * (`questions: - id: Q01`). The item moves to its own line under the key and
 * the item's continuation lines follow it.
 */
import { isBlank, tableText, type YamlLine } from '../line-table.js';
import { entryAt, type YamlEntry } from '../yaml-entry.js';
import { LineRewriter, setIndent, unchanged, type RepairStep } from './repair-kit.js';
import { rewriteEntries, type LineEdit } from './rewrite-lines.js';
import { codeAt } from '../../code-at.js';

export const INLINE_SEQUENCE_MESSAGE = 'Repaired inline YAML sequence or mapping syntax before parsing.';

/** Puts the item after `key:` on line `i` on its own line, its continuation lines re-indented under it. */
function moveItem(lines: readonly YamlLine[], i: number, entry: YamlEntry): LineEdit {
  const newDash = entry.col + 2;
  const oldDash = entry.valueCol;
  const texts = [lines[i]!.text.slice(0, entry.valueCol).trimEnd(), ' '.repeat(newDash) + entry.value];
  let shift = oldDash - newDash;
  let j = i + 1;
  for (; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text)) {
      texts.push(text);
      continue;
    }
    const next = entryAt(lines, j);
    if (next.indent < entry.col || (next.indent === entry.col && !next.dash)) break;
    if (next.dash && next.indent <= oldDash) {
      shift = next.indent - newDash;
      texts.push(setIndent(text, newDash));
    } else {
      texts.push(setIndent(text, Math.max(next.indent - shift, newDash + 2)));
    }
  }
  // Trailing blank lines belong to what follows.
  while (j - 1 > i && isBlank(lines[j - 1]!.text)) {
    j--;
    texts.pop();
  }
  return { end: j, texts };
}

/**
 * Cheap necessary condition for a `key: - item` line anywhere in `text`: the blank run between
 * the key's colon and the dash opens with a tab, is one space before `-`, or goes on with a
 * second space or tab. One pass over the colons instead of a walk over the entries.
 */
function mayHoldInlineItem(text: string): boolean {
  for (let p = text.indexOf(':'); p >= 0; p = text.indexOf(':', p + 1)) {
    const c = codeAt(text, p + 1);
    if (c === 9) return true;
    const d = codeAt(text, p + 2);
    if (c === 32 && (d === 45 || d === 32 || d === 9)) return true;
  }
  return false;
}

/**
 * @example
 * repairInlineSequenceParent(toLines('questions: - id: Q01\n             phase: a'), ctx).lines.map((l) => l.text)
 * // ['questions:', '  - id: Q01', '    phase: a']
 */
export function repairInlineSequenceParent(lines: readonly YamlLine[]): RepairStep {
  if (!mayHoldInlineItem(tableText(lines))) return unchanged(lines);
  const w = new LineRewriter('yaml_inline_sequence_parent', INLINE_SEQUENCE_MESSAGE);
  return rewriteEntries(lines, w, (entry, i) => (entry.key !== null && /^-[ \t]/.test(entry.value) ? moveItem(lines, i, entry) : null));
}
