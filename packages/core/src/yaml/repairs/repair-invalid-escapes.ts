/**
 * Rule 12: a double-quoted scalar with a backslash sequence YAML does not
 * define (`\+`, `\p`, `\s` from regex-like text). The backslash is doubled so
 * it stays a literal character.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { entryAt } from '../yaml-entry.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';

export const INVALID_ESCAPE_MESSAGE = 'Escaped invalid YAML double-quoted scalar backslash sequences before reparsing.';

const SIMPLE_ESCAPES = new Set(['0', 'a', 'b', 't', '\t', 'n', 'v', 'f', 'r', 'e', ' ', '"', '/', '\\', 'N', '_', 'L', 'P']);
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function validEscape(text: string, k: number): boolean {
  const c = text[k + 1];
  if (c === undefined) return true; // an escaped line break
  if (SIMPLE_ESCAPES.has(c)) return true;
  const n = c === 'x' || c === 'u' || c === 'U' ? HEX_LENGTH[c]! : 0;
  return n > 0 && /^[0-9a-fA-F]+$/.test(text.slice(k + 2, k + 2 + n)) && k + 2 + n <= text.length;
}

/**
 * Doubles invalid escapes in the double-quoted region of `text` from `from`
 * (inside a string when `open`); returns the new text and whether the string
 * is still open at the end of the line.
 */
function fixLine(text: string, from: number, open: boolean): { text: string; open: boolean } {
  let out = '';
  let last = 0;
  let inside = open;
  for (let k = from; k < text.length; k++) {
    const c = text[k];
    if (!inside) {
      if (c === '"') inside = true;
      else if (c === '#' || c === "'") break; // a comment or single-quoted text follows
      continue;
    }
    if (c === '\\') {
      if (!validEscape(text, k)) {
        out += text.slice(last, k) + '\\';
        last = k;
      }
      k++;
    } else if (c === '"') inside = false;
  }
  return { text: out + text.slice(last), open: inside };
}

/**
 * @example
 * repairInvalidEscapes(toLines('pattern: "\\d+\\+"'), ctx).lines[0].text // 'pattern: "\\d+\\\\+"' … (`\d` is invalid too)
 */
export function repairInvalidEscapes(lines: readonly YamlLine[]): RepairStep {
  // A fix doubles a backslash inside a double-quoted scalar: without both, every line is kept.
  if (!mentions(lines, '\\') || !mentions(lines, '"')) return unchanged(lines);
  const w = new LineRewriter('yaml_invalid_escape_doubled', INVALID_ESCAPE_MESSAGE);
  const mask = blockScalarMask(lines);
  let open = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (mask[i] && !open) {
      w.keep(line);
      continue;
    }
    let from = 0;
    if (!open) {
      const entry = entryAt(lines, i);
      // Only quoted scalars: a quote inside a plain scalar is a literal character.
      const at = line.text[entry.valueCol] === '"' ? entry.valueCol : line.text[entry.col] === '"' ? entry.col : -1;
      if (at < 0) {
        w.keep(line);
        continue;
      }
      from = at;
    }
    const fixed = fixLine(line.text, from, open);
    open = fixed.open && i + 1 < lines.length && !/^[ \t]*(?:-[ \t]|[A-Za-z_][\w-]*:[ \t])/.test(lines[i + 1]!.text);
    w.replace([line], [fixed.text]);
  }
  return w.result(lines);
}
