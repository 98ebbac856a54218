/**
 * Rule 17: plain scalars starting with `` ` `` or `@`, which YAML reserves
 * (`question: \`repo_git_mutex\` behavior?`, `- @trace/span-id`). The value is
 * double-quoted.
 */
import type { YamlLine } from '../line-table.js';
import { doubleQuote } from '../yaml-entry.js';
import { continuesScalar, LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const RESERVED_INDICATOR_MESSAGE = 'Quoted plain YAML scalars that began with reserved indicator characters (` or @) before reparsing.';

/**
 * @example
 * repairReservedIndicators(toLines('- @trace/span-id'), ctx).lines[0].text // '- "@trace/span-id"'
 */
export function repairReservedIndicators(lines: readonly YamlLine[]): RepairStep {
  // Only a value opening with `` ` `` or `@` fires: without either anywhere, nothing does.
  if (!mentions(lines, '`') && !mentions(lines, '@')) return unchanged(lines);
  const w = new LineRewriter('yaml_reserved_indicator_quoted', RESERVED_INDICATOR_MESSAGE);
  return rewriteEntryValues(lines, w, (entry, i) =>
    /^[`@]/.test(entry.value) && !continuesScalar(lines, i, entry.col) ? doubleQuote(entry.value) : null,
  );
}
