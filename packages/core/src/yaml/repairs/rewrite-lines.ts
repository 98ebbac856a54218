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
import type { LineSelector } from './select-lines.js';

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
 * after them. `only`: the indexes (ascending) of the only lines `decide` may edit, for a rule
 * that keeps no state across lines; the others are kept unasked.
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
  only?: readonly number[],
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
  const count = only === undefined ? lines.length : only.length;
  for (let n = 0; n < count; n++) {
    const i = only === undefined ? n : only[n]!;
    // Lines an edit consumed are not asked again: the walk resumes after them.
    if (i < kept) continue;
    const edit = hidden[i] === 0 ? decide(i) : null;
    if (edit === null) continue;
    keepUpTo(i);
    // An edit always consumes its own line, so the walk cannot stall.
    const end = Math.max(edit.end, i + 1);
    const { written, same } = w.replace(lines.slice(i, end), edit.texts, edit.message);
    for (let k = 0; k < written; k++) carried.push(same ? read[i + k] : undefined);
    kept = end;
  }
  if (kept > 0) keepUpTo(lines.length);
  const step = w.result(lines);
  if (step.lines !== lines) adoptEntries(step.lines, carried);
  return step;
}

/**
 * {@link rewriteLines} with each line read as a {@link YamlEntry} for `decide`; with `select`,
 * only the lines it selects (the others are kept without reading their entry).
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
  select?: LineSelector,
): RepairStep {
  return rewriteLines(lines, w, (i) => decide(entryAt(lines, i), i), scope, select?.(lines));
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
  select?: LineSelector,
): RepairStep {
  return rewriteEntries(lines, w, (entry, i) => {
    if (entry.key === null && !entry.dash) return null;
    const value = decide(entry, i);
    return value === null ? null : replaceLine(i, [withValue(lines[i]!.text, entry, value)]);
  }, 'unmasked', select);
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
