/**
 * An output cut off inside the last entry of a list (`- path: src/broken.ts` …
 * `    relev`): when no repair makes the YAML parse, the cut entry is dropped,
 * from its dash to the end, and the rest is read (recorded, the value marked
 * truncated). Only an entry with an earlier sibling in the same list is
 * dropped, and only when the text stops mid-line (no final line break): a
 * list is never emptied, and a complete document is never shortened.
 */
import type { Intervention } from '../types.js';
import type { YamlLine } from './line-table.js';
import { indentOf, isBlank } from './line-table.js';

export const CUT_ENTRY_MESSAGE = 'Dropped the incomplete last list entry of an output cut off mid-entry.';

/** Column of the dash of a `- …` line, or -1. */
function dashColumn(text: string): number {
  const indent = indentOf(text);
  return text[indent] === '-' && (text.length === indent + 1 || text[indent + 1] === ' ') ? indent : -1;
}

/**
 * The lines without the cut entry, and the record of the drop; null when the text does not
 * end inside a list entry that has an earlier sibling.
 *
 * @example
 * dropCutEntry(toLines('files:\n  - path: a\n  - path: b\n    relev'), 'files:\n  - path: a\n  - path: b\n    relev')
 * // { lines: [files:, - path: a], intervention: { rule: 'yaml_cut_entry_dropped', … } }
 */
export function dropCutEntry(lines: readonly YamlLine[], text: string): { lines: YamlLine[]; intervention: Intervention } | null {
  if (text.endsWith('\n') || lines.length < 3) return null;
  // The entry the text ends in: the nearest dash line above the last line.
  let cut = -1;
  for (let i = lines.length - 1; i >= 0 && cut < 0; i--) if (dashColumn(lines[i]!.text) >= 0) cut = i;
  if (cut <= 0) return null;
  const col = dashColumn(lines[cut]!.text);
  // The entry must run to the end: a shallower line after it means the text did not stop inside it.
  for (let i = cut + 1; i < lines.length; i++) if (!isBlank(lines[i]!.text) && indentOf(lines[i]!.text) <= col) return null;
  // An earlier sibling: a dash at the same column, with nothing shallower between.
  let sibling = false;
  for (let i = cut - 1; i >= 0; i--) {
    const line = lines[i]!.text;
    if (isBlank(line)) continue;
    const indent = indentOf(line);
    if (indent < col) break;
    if (indent === col && dashColumn(line) === col) {
      sibling = true;
      break;
    }
  }
  if (!sibling) return null;
  const first = lines[cut]!;
  const last = lines[lines.length - 1]!;
  const intervention: Intervention = {
    rule: 'yaml_cut_entry_dropped',
    stage: 'parse',
    category: 'dropped',
    message: CUT_ENTRY_MESSAGE,
    span: [first.start, last.end],
    before: text.slice(first.start, last.end),
    after: '',
  };
  return { lines: lines.slice(0, cut), intervention };
}
