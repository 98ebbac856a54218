/**
 * A wrapper key the contract names (`yaml.wrapperKeys`, e.g. a scorecard's
 * `draft_scores:`) emitted correctly but with its body one level too shallow
 * beneath it (at the wrapper's own indentation), or the rows under a numbered
 * label the contract names (`yaml.numberedLabels: ['Draft']` for `Draft 1:`) at
 * the label's indentation. The shallow lines are indented one level.
 */
import type { YamlLine } from '../line-table.js';
import { nextContentLine } from '../line-table.js';
import { keyName, entryAt } from '../yaml-entry.js';
import { blockEnd, LineRewriter, mayMentionAny, shiftIndent, unchanged, type RepairContext, type RepairStep } from './repair-kit.js';
import { rewriteEntries } from './rewrite-lines.js';

export const WRAPPER_INDENT_MESSAGE = 'Indented the body under a wrapper key one level deeper.';

/** Separators between a label's word and its number (`Draft 1`, `draft_1`, `draft-1`, `draft1`), then digits. */
const LABEL_NUMBER = /^[\s_-]*\d+$/;

/** True for `<word><separators><digits>` with one of the contract's label words (any case). */
function isNumberedLabel(name: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const lower = name.toLowerCase();
  return words.some((word) => lower.startsWith(word) && LABEL_NUMBER.test(lower.slice(word.length)));
}

/**
 * @example
 * // ctx from a contract with yaml: { wrapperKeys: ['draft_scores'], numberedLabels: ['Draft'] }
 * repairWrapperIndentation(toLines('draft_scores:\nDraft 1:\n  total_score: 40'), ctx).lines.map((l) => l.text)
 * // ['draft_scores:', '  Draft 1:', '    total_score: 40']
 */
export function repairWrapperIndentation(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  // Only a wrapper key (a substring of its line) or a numbered label fires; labels compare
  // lower-cased, so only their absence gates.
  if (context.hints.numberedLabels.length === 0 && !mayMentionAny(lines, [...context.hints.wrapperKeys])) return unchanged(lines);
  // Shifting a wrapper body can expose shallow rubric rows inside it; a second pass takes them.
  const first = wrapperPass(lines, context);
  if (first.interventions.length === 0) return first;
  const second = wrapperPass(first.lines, context);
  return { lines: second.lines, interventions: [...first.interventions, ...second.interventions] };
}

function wrapperPass(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_wrapper_indentation', WRAPPER_INDENT_MESSAGE);
  return rewriteEntries(lines, w, (entry, i) => {
    const j = entry.key !== null && entry.value === '' && !entry.dash ? nextContentLine(lines, i) : -1;
    const next = j < 0 ? null : entryAt(lines, j);
    if (entry.key === null || next === null || next.indent !== entry.indent || next.dash || next.key === null) return null;
    const name = keyName(entry.key);
    // The shallow body sits at the wrapper's own indentation, so the block takes lines down to it.
    const bodyCol = entry.indent - 1;
    let end = -1;
    if (context.hints.wrapperKeys.has(name)) {
      // Everything after the wrapper down to the end of its section is its body.
      end = blockEnd(lines, i, bodyCol);
    } else if (next.value !== '' && isNumberedLabel(name, context.hints.numberedLabels)) {
      // Rubric rows run until the next bare key (the next label) at this indentation.
      end = blockEnd(lines, i, bodyCol, (k) => {
        const e = entryAt(lines, k);
        return e.indent === entry.indent && (e.value === '' || e.dash);
      });
    }
    if (end < 0) return null;
    const block = lines.slice(i, end);
    return { end, texts: block.map((l, k) => (k === 0 ? l.text : shiftIndent(l.text, 2))) };
  });
}
