/**
 * Which lines of a table a rule needs to look at. A rule whose edit needs a character on its
 * line (a quote, a `|`, a second colon) is shown only the lines holding it: they are found by
 * native searches of the table's joined text, one jump per occurrence, instead of a test of
 * every line by every such rule. Most lines of a failing document hold none of them, and each
 * of those lines used to cost every rule a call.
 */
import { PerTable, tableText, type YamlLine } from '../line-table.js';

/**
 * The indexes, ascending, of the lines of a table that may hold an edit of a rule: a superset of
 * the lines its edits start on, so the rule's walk may skip the others.
 */
export type LineSelector = (lines: readonly YamlLine[]) => readonly number[];

/**
 * Per table and selection (keyed by the needle, or by the selecting function): the rules of a
 * run share their tables. A table's entries go with it.
 */
const SELECTED = new PerTable(() => new Map<unknown, readonly number[]>());

function cached(lines: readonly YamlLine[], key: unknown, build: () => readonly number[]): readonly number[] {
  const byKey = SELECTED.of(lines);
  let found = byKey.get(key);
  if (found === undefined) {
    found = build();
    byKey.set(key, found);
  }
  return found;
}

/**
 * A cursor from offsets of the joined text to line indexes, for offsets that only grow: each
 * line is passed once, so a whole search costs one step per line and one per occurrence.
 */
class LineCursor {
  line = 0;
  /** Offset of the line's first character in the joined text. */
  start = 0;

  constructor(private readonly lines: readonly YamlLine[]) {}

  /** Offset just past the current line (its line break, or the end of the text). */
  get end(): number {
    return this.start + this.lines[this.line]!.text.length;
  }

  /** Moves to the line holding `offset` (never before the current line). */
  seek(offset: number): void {
    while (offset > this.end) {
      this.start = this.end + 1;
      this.line++;
    }
  }
}

/**
 * The lines holding `needle` (what `line.text.includes(needle)` says of each).
 *
 * @example
 * linesHolding(toLines('a: "x"\nb: 1\nc: "y"'), '"') // [0, 2]
 */
export function linesHolding(lines: readonly YamlLine[], needle: string): readonly number[] {
  return cached(lines, needle, () => {
    // Every line holds the empty string; no line holds a line break.
    if (needle === '') return lines.map((_, i) => i);
    if (needle.includes('\n')) return [];
    const text = tableText(lines);
    const at = new LineCursor(lines);
    const out: number[] = [];
    // A needle without a line break lies inside the line of its first character; the search
    // then goes on at the next line, so a line is listed once however often it holds it.
    for (let p = text.indexOf(needle); p >= 0; p = text.indexOf(needle, at.end + 1)) {
      at.seek(p);
      out.push(at.line);
    }
    return out;
  });
}

/**
 * The lines holding two colons or more: a key's and a second one in its value.
 *
 * @example
 * linesWithTwoColons(toLines('a: b: c\nd: 1')) // [0]
 */
export function linesWithTwoColons(lines: readonly YamlLine[]): readonly number[] {
  return cached(lines, linesWithTwoColons, () => {
    const text = tableText(lines);
    const at = new LineCursor(lines);
    const out: number[] = [];
    for (let p = text.indexOf(':'); p >= 0; ) {
      at.seek(p);
      const next = text.indexOf(':', p + 1);
      if (next < 0) break;
      if (next < at.end) {
        out.push(at.line);
        p = text.indexOf(':', at.end + 1);
      } else p = next;
    }
    return out;
  });
}

/**
 * The lines holding any of `needles`, ascending, each once: the union of the lines holding each,
 * merged anew per call (each needle's lines are kept per table, so only the merge is repeated).
 *
 * @example
 * linesHoldingAny(toLines('a: "x"\nb: \'y\''), ['"', "'"]) // [0, 1]
 */
export function linesHoldingAny(lines: readonly YamlLine[], needles: readonly string[]): readonly number[] {
  let out: readonly number[] = [];
  for (const needle of needles) out = union(out, linesHolding(lines, needle));
  return out;
}

/** The indexes of two ascending lists, ascending, each once. */
function union(a: readonly number[], b: readonly number[]): readonly number[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
    const y = j < b.length ? b[j]! : Number.POSITIVE_INFINITY;
    out.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out;
}

/**
 * Selectors of the rules whose edit needs a value opening with a character, which its line then
 * holds (a value is a slice of its line).
 *
 * @example
 * linesWithDoubleQuote(toLines('a: 1\nb: "x"')) // [1]
 */
export const linesWithDoubleQuote: LineSelector = (lines) => linesHolding(lines, '"');

/**
 * {@link linesWithDoubleQuote} for either quote.
 *
 * @example
 * linesWithQuote(toLines("a: 'x'\nb: 1")) // [0]
 */
export const linesWithQuote: LineSelector = (lines) => linesHoldingAny(lines, QUOTES);

/**
 * {@link linesWithDoubleQuote} for the `|` that joins a type union.
 *
 * @example
 * linesWithPipe(toLines('a: 1\nb: "x" | "y"')) // [1]
 */
export const linesWithPipe: LineSelector = (lines) => linesHolding(lines, '|');

/**
 * {@link linesWithDoubleQuote} for a block scalar header's `|` or `>`.
 *
 * @example
 * linesWithBlockIndicator(toLines('a: >-\n  x\nb: 1')) // [0]
 */
export const linesWithBlockIndicator: LineSelector = (lines) => linesHoldingAny(lines, BLOCK_INDICATORS);

const QUOTES: readonly string[] = ['"', "'"];
const BLOCK_INDICATORS: readonly string[] = ['|', '>'];
