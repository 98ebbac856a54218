/**
 * Rule 17: plain scalars starting with `` ` `` or `@`, which YAML reserves
 * (`question: \`repo_git_mutex\` behavior?`, `- @trace/span-id`). The value is
 * double-quoted.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { doubleQuote, readEntry, withValue } from '../yaml-entry.js';
import { continuesScalar, LineRewriter, type RepairStep } from './repair-kit.js';

export const RESERVED_INDICATOR_MESSAGE = 'Quoted plain YAML scalars that began with reserved indicator characters (` or @) before reparsing.';

/**
 * @example
 * repairReservedIndicators(toLines('- @trace/span-id'), ctx).lines[0].text // '- "@trace/span-id"'
 */
export function repairReservedIndicators(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_reserved_indicator_quoted', RESERVED_INDICATOR_MESSAGE);
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    const fires = entry != null && (entry.key !== null || entry.dash) && /^[`@]/.test(entry.value) && !continuesScalar(lines, i, entry.col);
    if (!fires) w.keep(line);
    else w.replace([line], [withValue(line.text, entry, doubleQuote(entry.value))]);
  }
  return w.result(lines);
}
