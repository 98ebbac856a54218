/**
 * Finds the mapping key that owns a block sequence entry, for the repairs that
 * only act on configured lists.
 */
import type { YamlLine } from '../line-table.js';
import { isBlank, isComment } from '../line-table.js';
import { keyName, readEntry } from '../yaml-entry.js';

/** Walk-back budget, so a long run of unrelated lines cannot make this quadratic. */
const MAX_WALK = 4000;

/**
 * Key of the bare `key:` line that owns the sequence entry at line `i` (a
 * `- ` line at `indent`), or null.
 *
 * @example
 * listParentKey(toLines('beads:\n  - a\n  - b'), 2, 2) // 'beads'
 */
export function listParentKey(lines: readonly YamlLine[], i: number, indent: number): string | null {
  for (let j = i - 1, steps = 0; j >= 0 && steps < MAX_WALK; j--, steps++) {
    const text = lines[j]!.text;
    if (isBlank(text) || isComment(text)) continue;
    const e = readEntry(text);
    if (e.indent > indent) continue;
    if (e.indent === indent && e.dash) continue;
    if (e.key !== null && e.value === '' && (e.indent < indent || !e.dash)) return keyName(e.key);
    return null;
  }
  return null;
}
