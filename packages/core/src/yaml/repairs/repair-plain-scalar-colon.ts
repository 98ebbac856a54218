/**
 * Rule 5: a plain value containing `: ` (`rationale: some rules: apply here`)
 * reads as a nested mapping; the value is wrapped in double quotes.
 */
import type { YamlLine } from '../line-table.js';
import { doubleQuote, isPlainValue } from '../yaml-entry.js';
import { continuesScalar, LineRewriter, type RepairStep } from './repair-kit.js';
import { linesWithTwoColons } from './select-lines.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const PLAIN_SCALAR_COLON_MESSAGE = 'Quoted YAML plain scalar values containing colon-space before reparsing.';

/**
 * @example
 * repairPlainScalarColon(toLines('rationale: some rules: apply here'), ctx).lines[0].text
 * // 'rationale: "some rules: apply here"'
 */
export function repairPlainScalarColon(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_plain_scalar_colon_quoted', PLAIN_SCALAR_COLON_MESSAGE);
  // A fire needs the key's colon and the value's: lines with fewer are never read.
  return rewriteEntryValues(lines, w, (entry, i) => {
    const value = entry.value;
    // The colon test, a plain search, runs before the regexes of isPlainValue.
    const fires =
      entry.key !== null &&
      (value.includes(': ') || value.includes(':\t') || value.endsWith(':')) &&
      isPlainValue(value) &&
      !continuesScalar(lines, i, entry.col);
    return fires ? doubleQuote(value) : null;
  }, linesWithTwoColons);
}
