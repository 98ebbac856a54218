/**
 * Marks the lines that belong to block scalar bodies (`key: |` …), which the
 * line-scoped repairs must never touch: they hold free text, not structure.
 */
import type { YamlLine } from './line-table.js';
import { isBlank, isBlankOrComment, PerTable, tableText } from './line-table.js';
import { isBlockIndicator, entryAt } from './yaml-entry.js';

/**
 * 1 for each line inside a block scalar body, else 0. Shared: callers only read it.
 *
 * @example
 * blockScalarMask(toLines('a: |\n  x: y\nb: 1')) // Uint8Array [0, 1, 0]
 */
export function blockScalarMask(lines: readonly YamlLine[]): Uint8Array {
  // A repair that changes nothing hands its input on, so the rules of one repair run share one
  // mask per table instead of a line walk each.
  return MASKS.of(lines);
}

const MASKS = new PerTable((lines) => computeMask(lines));
const BLANK_OR_COMMENT = new PerTable((lines) => {
  const mask = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; i++) mask[i] = isBlankOrComment(lines[i]!.text) ? 1 : 0;
  return mask;
});
const NON_CONTENT = new PerTable((lines) => {
  const body = blockScalarMask(lines);
  const other = blankOrCommentMask(lines);
  const mask = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; i++) mask[i] = body[i]! | other[i]!;
  return mask;
});

/**
 * 1 for each blank or comment line. Shared per table like {@link blockScalarMask}: the rules
 * that skip such lines test each line's shape once between them.
 *
 * @example
 * blankOrCommentMask(toLines('a: 1\n\n# c')) // Uint8Array [0, 1, 1]
 */
export function blankOrCommentMask(lines: readonly YamlLine[]): Uint8Array {
  return BLANK_OR_COMMENT.of(lines);
}

/**
 * 1 for each line inside a block scalar body, blank, or a comment: the lines the repairs that
 * read content only skip. Shared per table.
 *
 * @example
 * nonContentMask(toLines('a: |\n  x\n\n# c\nb: 1')) // Uint8Array [0, 1, 1, 1, 0]
 */
export function nonContentMask(lines: readonly YamlLine[]): Uint8Array {
  return NON_CONTENT.of(lines);
}

/**
 * The mask, line by line. Only a line holding `|` or `>` can be a header, and they are rare:
 * the walk finds them by searching the table's joined text (shared with the re-parse and the
 * rules' gates) instead of searching every line, and stops once no header can follow and no
 * body is open, since every line after is then 0.
 */
function computeMask(lines: readonly YamlLine[]): Uint8Array {
  const mask = new Uint8Array(lines.length);
  const joined = tableText(lines);
  // The next `|` and `>` at or after the current line's start (-1: none left).
  let pipe = joined.indexOf('|');
  let angle = joined.indexOf('>');
  let parent = -1;
  // Offset of line i in the joined text.
  for (let i = 0, start = 0; i < lines.length; start += lines[i]!.text.length + 1, i++) {
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
    if (pipe < 0 && angle < 0) break;
    if (pipe >= 0 && pipe < start) pipe = joined.indexOf('|', start);
    if (angle >= 0 && angle < start) angle = joined.indexOf('>', start);
    const end = start + text.length;
    // A header's value opens with `|` or `>`: a line without either is never one.
    if (!(pipe >= 0 && pipe < end) && !(angle >= 0 && angle < end)) continue;
    const entry = entryAt(lines, i);
    if ((entry.key !== null || entry.dash) && isBlockIndicator(entry.value)) {
      // The body must be deeper than the node that owns the scalar.
      parent = entry.key !== null ? entry.col : entry.dashCol;
    }
  }
  return mask;
}
