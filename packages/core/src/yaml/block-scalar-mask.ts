/**
 * Marks the lines that belong to block scalar bodies (`key: |` …), which the
 * line-scoped repairs must never touch: they hold free text, not structure.
 */
import type { YamlLine } from './line-table.js';
import { isBlank } from './line-table.js';
import { isBlockIndicator, entryAt } from './yaml-entry.js';

/**
 * 1 for each line inside a block scalar body, else 0. Shared: callers only read it.
 *
 * @example
 * blockScalarMask(toLines('a: |\n  x: y\nb: 1')) // Uint8Array [0, 1, 0]
 */
export function blockScalarMask(lines: readonly YamlLine[]): Uint8Array {
  // Line tables are never mutated (a repair that changes nothing hands its input on), so
  // the rules of one repair run share one mask per table instead of a line walk each.
  const known = masks.get(lines);
  if (known !== undefined) return known;
  const mask = computeMask(lines);
  masks.set(lines, mask);
  return mask;
}

const masks = new WeakMap<readonly YamlLine[], Uint8Array>();

function computeMask(lines: readonly YamlLine[]): Uint8Array {
  const mask = new Uint8Array(lines.length);
  let parent = -1;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.text;
    if (parent >= 0) {
      let indent = 0;
      while (indent < text.length && text.charCodeAt(indent) === 32) indent++;
      if (isBlank(text) || indent > parent) {
        mask[i] = 1;
        continue;
      }
      parent = -1;
    }
    const entry = entryAt(lines, i);
    if ((entry.key !== null || entry.dash) && isBlockIndicator(entry.value)) {
      // The body must be deeper than the node that owns the scalar.
      parent = entry.key !== null ? entry.col : entry.dashCol;
    }
  }
  return mask;
}
