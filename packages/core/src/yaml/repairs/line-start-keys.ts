/**
 * The keys that start a line of a document, outside block scalar bodies: the keys the inline-key
 * repairs (rules 4 and its typed twin) accept on a line besides the contract's, as the document
 * itself vouches for them.
 */
import { PerTable, type YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { entryAt, keyName } from '../yaml-entry.js';

/** Per table: both rules of group 2 usually read the same one. */
const KEYS = new PerTable<ReadonlySet<string>>((lines) => {
  const found = new Set<string>();
  const mask = blockScalarMask(lines);
  for (let k = 0; k < lines.length; k++) {
    const key = mask[k] === 1 ? null : entryAt(lines, k).key;
    if (key !== null) found.add(keyName(key));
  }
  return found;
});

/**
 * The names (quotes stripped) of the keys that start a line of `lines`. Shared: callers only read it.
 *
 * @example
 * lineStartKeys(toLines('a: 1\n- b: 2\nc: |\n  d: x')) // Set { 'a', 'b', 'c' }
 */
export function lineStartKeys(lines: readonly YamlLine[]): ReadonlySet<string> {
  return KEYS.of(lines);
}
