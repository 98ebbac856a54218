/**
 * Rule 5: a plain value containing `: ` (`rationale: some rules: apply here`)
 * reads as a nested mapping; the value is wrapped in double quotes.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { doubleQuote, isPlainValue, readEntry, withValue } from '../yaml-entry.js';
import { continuesScalar, LineRewriter, type RepairStep } from './repair-kit.js';

export const PLAIN_SCALAR_COLON_MESSAGE = 'Quoted YAML plain scalar values containing colon-space before reparsing.';

/**
 * @example
 * repairPlainScalarColon(toLines('rationale: some rules: apply here'), ctx).lines[0].text
 * // 'rationale: "some rules: apply here"'
 */
export function repairPlainScalarColon(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_plain_scalar_colon_quoted', PLAIN_SCALAR_COLON_MESSAGE);
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    const fires =
      entry != null &&
      entry.key !== null &&
      isPlainValue(entry.value) &&
      (entry.value.includes(': ') || entry.value.includes(':\t') || entry.value.endsWith(':')) &&
      !continuesScalar(lines, i, entry.col);
    if (!fires) {
      w.keep(line);
      continue;
    }
    w.replace([line], [withValue(line.text, entry, doubleQuote(entry.value))]);
  }
  return w.result(lines);
}
