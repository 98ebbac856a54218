/**
 * A plain scalar that opens with a bracketed tag and goes on with text on its line
 * (`message: [nit] rename it`, `- {name} is unused`): YAML reads `[nit]` or `{name}` as a flow
 * collection and refuses the text after it, a common shape of review comments and placeholders.
 * The whole value is double-quoted. A flow collection that ends its line (`tags: [a, b]`), is
 * followed by a comment, or goes on to the next line is left to YAML.
 */
import type { YamlLine } from '../line-table.js';
import { doubleQuote } from '../yaml-entry.js';
import { continuesScalar, LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { rewriteEntryValues } from './rewrite-lines.js';

export const FLOW_TEXT_MESSAGE = 'Quoted a YAML scalar that opened with a bracketed word followed by text before reparsing.';

/**
 * Index just past the bracket closing the one `value` opens, quotes inside skipped; -1 when it
 * does not close on the value's line.
 */
function flowEnd(value: string): number {
  let depth = 0;
  for (let k = 0; k < value.length; k++) {
    const c = value[k];
    if (c === '"' || c === "'") {
      const close = value.indexOf(c, k + 1);
      if (close < 0) return -1;
      k = close;
    } else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) return k + 1;
  }
  return -1;
}

/**
 * True when `value` opens a flow collection that closes on its line and text follows it
 * (a comment aside).
 *
 * @example
 * flowThenText('[nit] rename it') // true
 * flowThenText('[a, b]  # tags')  // false
 */
export function flowThenText(value: string): boolean {
  if (value[0] !== '[' && value[0] !== '{') return false;
  const end = flowEnd(value);
  if (end < 0) return false;
  const rest = value.slice(end).trimStart();
  return rest !== '' && !(rest[0] === '#' && end < value.length && /\s/.test(value[end]!));
}

/**
 * @example
 * repairFlowText(toLines('message: [nit] rename it')).lines[0].text // 'message: "[nit] rename it"'
 */
export function repairFlowText(lines: readonly YamlLine[]): RepairStep {
  // Only a value opening with `[` or `{` fires: without either anywhere, nothing does.
  if (!mentions(lines, '[') && !mentions(lines, '{')) return unchanged(lines);
  const w = new LineRewriter('yaml_flow_text_quoted', FLOW_TEXT_MESSAGE);
  return rewriteEntryValues(lines, w, (entry, i) => (flowThenText(entry.value) && !continuesScalar(lines, i, entry.col) ? doubleQuote(entry.value) : null));
}
