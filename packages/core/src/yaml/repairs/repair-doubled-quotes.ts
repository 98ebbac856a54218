/**
 * A scalar wrapped in doubled single quotes (`- ''Rule: validate input''`):
 * the model escaped quotes it did not need to. In YAML `''` is an empty
 * string, so the text after it can never parse; one pair of single quotes is
 * what was meant. Only a value that is exactly `''…''` with no quote inside
 * is rewritten, so `'It''s'` (a legal escape) stays as it is. A value that
 * only opens with `''` (`- ''Dry-run errors include line: column`, its closing
 * pair lost) is the text after it, double-quoted.
 */
import { doubleQuote } from '../yaml-entry.js';
import type { YamlLine } from '../line-table.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const DOUBLED_QUOTES_MESSAGE = 'Repaired a YAML scalar wrapped in doubled single quotes before parsing.';

const DOUBLED = /^''([^'\n]+)''$/;
/** `''` then text holding no quote at all: the fragment a lost closing pair leaves. */
const OPENING = /^''([^'\n]+)$/;

/**
 * @example
 * repairDoubledQuotes(toLines("- ''Rule: validate''")).lines[0].text // "- 'Rule: validate'"
 */
export function repairDoubledQuotes(lines: readonly YamlLine[]): RepairStep {
  // Both patterns open with `''`: without it anywhere, nothing fires.
  if (!mentions(lines, "''")) return unchanged(lines);
  const w = new LineRewriter('yaml_doubled_quotes', DOUBLED_QUOTES_MESSAGE);
  return rewriteEntryValues(lines, w, (entry) => {
    const match = DOUBLED.exec(entry.value);
    if (match !== null) return `'${match[1]}'`;
    const opening = OPENING.exec(entry.value);
    return opening === null ? null : doubleQuote(opening[1]!.trim());
  });
}
