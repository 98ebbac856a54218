/**
 * The walk every line-scoped repair shares: visit the lines outside block
 * scalar bodies (free text, never structure), let the rule decide, apply its
 * edit or keep the line. A rule file then holds only its trigger and its
 * transformation.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask, nonContentMask } from '../block-scalar-mask.js';
import { adoptEntries, entryAt, readEntriesOf, withValue, type YamlEntry } from '../yaml-entry.js';
import type { LineRewriter, RepairStep } from './repair-kit.js';

/** A rule's edit at line `i`: lines `[i, end)` become `texts` (none drops them). */
export interface LineEdit {
  readonly end: number;
  readonly texts: readonly string[];
  /** Overrides the rewriter's message, for rules whose message names what they found. */
  readonly message?: string | undefined;
}

/**
 * Which lines a rule is shown: every line outside block scalar bodies, or only
 * those that also hold content (not blank, not a comment).
 */
export type LineScope = 'unmasked' | 'content';

/**
 * Walks `lines`, asking `decide` about each line in `scope`; a null answer
 * keeps the line, an edit replaces the lines it spans and the walk resumes
 * after them.
 *
 * @example
 * rewriteLines(toLines('```\na: 1'), new LineRewriter('yaml_stray_fence_stripped', 'Unwrapped …'), (i) => (i === 0 ? { end: 1, texts: [] } : null))
 * // { lines: [{ text: 'a: 1', … }], interventions: [{ rule: 'yaml_stray_fence_stripped', span: [0, 3], … }] }
 */
export function rewriteLines(
  lines: readonly YamlLine[],
  w: LineRewriter,
  decide: (i: number) => LineEdit | null,
  scope: LineScope = 'unmasked',
): RepairStep {
  // 1 for the lines `decide` is not shown (cached per table, shared by the rules of a scope).
  const hidden = scope === 'unmasked' ? blockScalarMask(lines) : nonContentMask(lines);
  // Lines before the first edit are handed to the rewriter only once an edit comes: most
  // rules change nothing, and their result is then the input itself.
  let kept = 0;
  // The entries already read, carried line for line into the new table (a kept line reads the same).
  const read = readEntriesOf(lines);
  const carried: (YamlEntry | undefined)[] = [];
  const keepUpTo = (to: number): void => {
    for (; kept < to; kept++) {
      w.keep(lines[kept]!);
      carried.push(read[kept]);
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const edit = hidden[i] === 0 ? decide(i) : null;
    if (edit === null) continue;
    keepUpTo(i);
    // An edit always consumes its own line, so the walk cannot stall.
    const end = Math.max(edit.end, i + 1);
    const { written, same } = w.replace(lines.slice(i, end), edit.texts, edit.message);
    for (let k = 0; k < written; k++) carried.push(same ? read[i + k] : undefined);
    i = end - 1;
    kept = end;
  }
  if (kept > 0) keepUpTo(lines.length);
  const step = w.result(lines);
  if (step.lines !== lines) adoptEntries(step.lines, carried);
  return step;
}

/**
 * A cheap test of a line's text that every line a rule may edit passes: the other lines are
 * kept without reading their entry (the first rule to read a table pays for all its lines).
 */
export type LineFilter = (text: string) => boolean;

/**
 * {@link rewriteLines} with each line read as a {@link YamlEntry} for `decide`; with `holds`,
 * only the lines that pass it.
 *
 * @example
 * rewriteEntries(toLines('a:\nb: 1'), w, (entry, i) => (entry.value === '' ? replaceLine(i, ['a: ~']) : null))
 * // lines: ['a: ~', 'b: 1']
 */
export function rewriteEntries(
  lines: readonly YamlLine[],
  w: LineRewriter,
  decide: (entry: YamlEntry, i: number) => LineEdit | null,
  scope: LineScope = 'unmasked',
  holds?: LineFilter,
): RepairStep {
  if (holds === undefined) return rewriteLines(lines, w, (i) => decide(entryAt(lines, i), i), scope);
  return rewriteLines(lines, w, (i) => (holds(lines[i]!.text) ? decide(entryAt(lines, i), i) : null), scope);
}

/**
 * Rewrites the value of node lines (`key: value`, `- value`) in place:
 * `decide` returns the new value text, or null to keep the line. Indentation,
 * dash and key stay as emitted.
 *
 * @example
 * rewriteEntryValues(toLines('- @x\nplain'), w, (entry) => (entry.value.startsWith('@') ? doubleQuote(entry.value) : null))
 * // lines: ['- "@x"', 'plain']
 */
export function rewriteEntryValues(
  lines: readonly YamlLine[],
  w: LineRewriter,
  decide: (entry: YamlEntry, i: number) => string | null,
  holds?: LineFilter,
): RepairStep {
  return rewriteEntries(lines, w, (entry, i) => {
    if (entry.key === null && !entry.dash) return null;
    const value = decide(entry, i);
    return value === null ? null : replaceLine(i, [withValue(lines[i]!.text, entry, value)]);
  }, 'unmasked', holds);
}

/**
 * The edit that replaces line `i` alone by `texts`.
 *
 * @example
 * replaceLine(3, ['a: 1', 'b: 2']) // { end: 4, texts: ['a: 1', 'b: 2'], message: undefined }
 */
export function replaceLine(i: number, texts: readonly string[], message?: string): LineEdit {
  return { end: i + 1, texts, message };
}

/**
 * Inserts one space at column `at` (a missing space after `:` or `-`).
 *
 * @example
 * insertSpace('- id:Q01', 5) // '- id: Q01'
 */
export function insertSpace(text: string, at: number): string {
  return `${text.slice(0, at)} ${text.slice(at)}`;
}
