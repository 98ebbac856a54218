/**
 * A list entry's plain scalar that wraps onto the next line at (or left of)
 * its own column (`- Keep the clock injectable so tests can` /
 * `control expiry`): YAML then reads the second line as a key without a colon.
 * The text alone settles it when the continuation can be nothing else: it
 * starts lowercase, holds no dash, `key:`, indicator or comment, and more
 * entries follow it (trailing prose after the artifact is never folded in).
 * The continuation is indented under the entry; a line with `: ` could be a
 * misplaced key and is left alone.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank, nextContentLine } from '../line-table.js';
import { entryAt, isBlockIndicator, isPlainValue } from '../yaml-entry.js';
import { hasKeyColon, LineRewriter, setIndent, type RepairStep } from './repair-kit.js';
import { rewriteLines } from './rewrite-lines.js';

export const WRAPPED_SCALAR_MESSAGE = 'Indented the wrapped continuation of a YAML list scalar under its entry before parsing.';

/** True for a line that can only be more words of a sentence. */
function continuation(text: string): boolean {
  const rest = text.trimStart();
  return /^[a-z0-9(]/.test(rest) && !/:(?:[ \t]|$)/.test(rest) && !/[ \t]#/.test(rest);
}

/**
 * Cheap necessary condition for `continuation`: its first character after spaces and tabs
 * is `[a-z0-9(]` (other whitespace or non-ASCII is left to the full test), and no colon ends a key.
 */
function mayContinue(text: string): boolean {
  let k = 0;
  while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
  if (k === text.length) return false;
  const c = text.charCodeAt(k);
  const first = c > 127 || (c >= 10 && c <= 13) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 40;
  return first && !hasKeyColon(text);
}

/** Column a continuation must exceed when line `i` is a list entry (or a field in one) holding a plain scalar, else -1. */
function scalarNodeColumn(lines: readonly YamlLine[], i: number): number {
  const entry = entryAt(lines, i);
  if (entry.value === '' || isBlockIndicator(entry.value) || !isPlainValue(entry.value) || /:(?:[ \t]|$)/.test(entry.value)) return -1;
  if (entry.key !== null) return entry.dash || entry.indent > 0 ? entry.col : -1;
  return entry.dash ? entry.dashCol : -1;
}

/**
 * @example
 * repairWrappedScalar(toLines('- Keep the clock\ncontrolled\n- Next')).lines.map((l) => l.text)
 * // ['- Keep the clock', '  controlled', '- Next']
 */
export function repairWrappedScalar(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_wrapped_scalar_indented', WRAPPED_SCALAR_MESSAGE);
  return rewriteLines(lines, w, (i) => {
    // No edit unless the next line continues: test it before reading this line's node.
    const first = lines[i + 1];
    if (first === undefined || !mayContinue(first.text)) return null;
    const node = scalarNodeColumn(lines, i);
    if (node < 0) return null;
    let end = i + 1;
    while (end < lines.length && !isBlank(lines[end]!.text) && continuation(lines[end]!.text) && indentOf(lines[end]!.text) <= node) end++;
    if (end === i + 1) return null;
    const next = nextContentLine(lines, end - 1);
    const after = next < 0 ? null : entryAt(lines, next);
    if (after === null || (!after.dash && after.key === null)) return null;
    return { end, texts: [lines[i]!.text, ...lines.slice(i + 1, end).map((line) => setIndent(line.text, node + 2))] };
  }, 'content');
}
