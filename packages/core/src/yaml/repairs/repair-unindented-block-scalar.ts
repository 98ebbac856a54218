/**
 * A block scalar whose body was not indented under its key, with sibling keys
 * after it (`summary: >-` / `The store keeps tokens` / `status: draft`): YAML
 * ends the scalar at once and trips on the body. The body runs up to the
 * first line that is a key at the scalar's own indentation; it is indented
 * under the key, its own relative indentation kept. Without such a sibling
 * (the body might be trailing prose) or with an empty body, nothing changes.
 * The free-text repair (rule 9) handles the same shape for `free_text`.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank } from '../line-table.js';
import { isBlockIndicator, entryAt } from '../yaml-entry.js';
import { LineRewriter, mentions, shiftIndent, unchanged, type RepairStep } from './repair-kit.js';
import { linesWithBlockIndicator } from './select-lines.js';
import { rewriteEntries } from './rewrite-lines.js';

export const UNINDENTED_BLOCK_MESSAGE = 'Indented the body of a YAML block scalar under its key before parsing.';

/** Index of the sibling key line that ends the body starting at `from`, or -1. */
function siblingAfter(lines: readonly YamlLine[], from: number, indent: number): number {
  for (let k = from; k < lines.length; k++) {
    const text = lines[k]!.text;
    if (isBlank(text)) continue;
    const depth = indentOf(text);
    if (depth < indent) return -1;
    const entry = entryAt(lines, k);
    if (depth === indent && (entry.dash || entry.key !== null)) return entry.dash ? -1 : k;
  }
  return -1;
}

/**
 * @example
 * repairUnindentedBlockScalar(toLines('summary: >-\nKeeps tokens.\nstatus: draft')).lines.map((l) => l.text)
 * // ['summary: >-', '  Keeps tokens.', 'status: draft']
 */
export function repairUnindentedBlockScalar(lines: readonly YamlLine[]): RepairStep {
  // A block indicator opens with `|` or `>`: without either anywhere, nothing fires.
  if (!mentions(lines, '|') && !mentions(lines, '>')) return unchanged(lines);
  const w = new LineRewriter('yaml_block_scalar_indented', UNINDENTED_BLOCK_MESSAGE);
  return rewriteEntries(lines, w, (entry, i) => {
    // A block indicator opens with `|` or `>`: one character test before the regex.
    const c = entry.value.charCodeAt(0);
    if (entry.key === null || entry.dash || (c !== 124 && c !== 62) || !isBlockIndicator(entry.value)) return null;
    let first = i + 1;
    while (first < lines.length && isBlank(lines[first]!.text)) first++;
    if (first >= lines.length || indentOf(lines[first]!.text) > entry.indent) return null;
    const end = siblingAfter(lines, first, entry.indent);
    if (end <= first) return null;
    const body = lines.slice(i + 1, end);
    // A loop, not Math.min(...): a body of a hundred thousand lines would overflow the stack as arguments.
    let depth = Number.POSITIVE_INFINITY;
    for (const line of body) if (!isBlank(line.text)) depth = Math.min(depth, indentOf(line.text));
    return { end, texts: [lines[i]!.text, ...body.map((line) => shiftIndent(line.text, entry.indent + 2 - depth))] };
  }, 'unmasked', linesWithBlockIndicator);
}
