/**
 * Finds the mapping key that owns a block sequence entry, for the repairs that
 * only act on configured lists. All entries of one line table are answered in
 * one pass (an indentation stack), so a long list costs linear time instead of
 * a walk back over its earlier items from every item.
 */
import { isBlankOrComment, PerTable, type YamlLine } from '../line-table.js';
import { keyName, entryAt, type YamlEntry } from '../yaml-entry.js';

/** Owner keys per line table; a table is immutable, so its answers never go stale. */
const OWNERS = new PerTable((lines) => ownersOf(lines));

/**
 * For each line, the owner key of a sequence entry at that line's indentation (see
 * {@link listParentKey}). Walking back from line `i` skips blank and comment lines,
 * deeper lines and same-indent entries, and stops at the first other line: a stack
 * of the content lines seen so far, deeper ones popped, answers the same walk.
 */
function ownersOf(lines: readonly YamlLine[]): (string | null)[] {
  const owners: (string | null)[] = new Array<string | null>(lines.length).fill(null);
  /** Content lines with strictly increasing indentation; a same-indent entry stands for its own walk. */
  const stack: { indent: number; dash: boolean; line: number; entry: YamlEntry }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.text;
    if (isBlankOrComment(text)) continue;
    const e = entryAt(lines, i);
    while (stack.length > 0 && stack[stack.length - 1]!.indent > e.indent) stack.pop();
    const top = stack[stack.length - 1];
    if (top !== undefined && top.indent === e.indent && top.dash) {
      // The walk skips a same-indent entry and continues where that entry's walk went.
      owners[i] = owners[top.line]!;
    } else if (top !== undefined) {
      const t = top.entry;
      owners[i] = t.key !== null && t.value === '' && (t.indent < e.indent || !t.dash) ? keyName(t.key) : null;
    }
    if (top !== undefined && top.indent === e.indent) stack.pop();
    stack.push({ indent: e.indent, dash: e.dash, line: i, entry: e });
  }
  return owners;
}

/**
 * Key of the bare `key:` line that owns the sequence entry at line `i` (a
 * `- ` line at `indent`, the line's own indentation), or null.
 *
 * @example
 * listParentKey(toLines('beads:\n  - a\n  - b'), 2, 2) // 'beads'
 */
export function listParentKey(lines: readonly YamlLine[], i: number, indent: number): string | null {
  const own = entryAt(lines, i).indent;
  if (own !== indent) return null;
  return OWNERS.of(lines)[i] ?? null;
}
