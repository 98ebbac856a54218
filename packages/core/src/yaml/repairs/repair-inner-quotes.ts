/**
 * Rule 13: a one-line double-quoted scalar with unescaped quotes inside
 * (`free_text: "Errors include origin: "date" metadata."`). The first and last
 * quotes stay delimiters and the inner ones are escaped; the visible text is
 * unchanged. Type unions (`"a" | "b"`) are rule 16's.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { readEntry, withValue } from '../yaml-entry.js';
import { TYPE_UNION } from '../quoted-scalar.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';

export const IMPROPER_QUOTE_MESSAGE = 'Repaired improperly quoted YAML scalar value.';

/** Escapes every unescaped `"` strictly between the first and last character. */
function escapeInner(value: string): string {
  let out = '"';
  for (let k = 1; k < value.length - 1; k++) {
    const c = value[k]!;
    if (c === '\\') {
      out += c + (value[k + 1] ?? '');
      k++;
    } else out += c === '"' ? '\\"' : c;
  }
  return out + '"';
}

/**
 * @example
 * repairInnerQuotes(toLines('a: "say "hi" now"'), ctx).lines[0].text // 'a: "say \\"hi\\" now"'
 */
export function repairInnerQuotes(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_inner_quotes_escaped', IMPROPER_QUOTE_MESSAGE);
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    const value = entry?.value ?? '';
    const candidate = entry != null && (entry.key !== null || entry.dash) && value.length >= 2 && value.startsWith('"') && value.endsWith('"') && !value.endsWith('\\"') && !TYPE_UNION.test(value);
    const fixed = candidate ? escapeInner(value) : value;
    if (entry == null || fixed === value) w.keep(line);
    else w.replace([line], [withValue(line.text, entry, fixed)]);
  }
  return w.result(lines);
}
