/**
 * The line table the YAML repairs work on: every current line remembers the
 * offsets of the original candidate line(s) it came from, so an intervention
 * recorded after earlier repairs inserted or removed lines still points at
 * the right place in the candidate text.
 */
import { codeAt } from '../code-at.js';

/** One current line and where it came from in the candidate text. */
export interface YamlLine {
  /** Current text, without the line break (a trailing `\r` is dropped). */
  readonly text: string;
  /** Start of the original line in candidate coordinates. */
  readonly start: number;
  /** End of the original line (before its line break) in candidate coordinates. */
  readonly end: number;
  /** 0-based index of the original line in the candidate. */
  readonly line: number;
}

/**
 * A value derived once per line table: tables are never mutated, so whatever is read from one
 * (its joined text, a mask, a key set) stays true of it. One cache per kind of value, freed with
 * its tables.
 *
 * @example
 * const widths = new PerTable((lines) => lines.map((l) => l.text.length));
 * widths.of(table) === widths.of(table) // true: derived once
 */
export class PerTable<T> {
  private readonly values = new WeakMap<readonly YamlLine[], T>();

  constructor(private readonly derive: (lines: readonly YamlLine[]) => T) {}

  /** The table's value, derived on first use. */
  of(lines: readonly YamlLine[]): T {
    let value = this.values.get(lines);
    if (value === undefined) {
      value = this.derive(lines);
      this.values.set(lines, value);
    }
    return value;
  }

  /** Records a value known without deriving it (the text a table was split from). */
  seed(lines: readonly YamlLine[], value: T): void {
    this.values.set(lines, value);
  }
}

/** Each table's joined text (see {@link tableText}). */
const TEXTS = new PerTable<string>((lines) => joinLines(lines));

/**
 * Splits candidate text into a line table, up to `limit` (exclusive).
 *
 * @example
 * toLines('a: 1\nb: 2') // [{ text: 'a: 1', start: 0, end: 4, line: 0 }, { text: 'b: 2', start: 5, end: 9, line: 1 }]
 */
export function toLines(text: string, limit = text.length): YamlLine[] {
  const out: YamlLine[] = [];
  // The whole of a text without a carriage return is what joining its lines gives back: kept as
  // the table's text (see tableText), the first whole-document search needs no join of its own.
  if (limit === text.length && !text.includes('\r')) TEXTS.seed(out, text);
  let start = 0;
  let line = 0;
  while (start <= limit) {
    let nl = text.indexOf('\n', start);
    if (nl < 0 || nl > limit) nl = limit;
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    out.push({ text: text.slice(start, end), start, end, line });
    line++;
    start = nl + 1;
  }
  return out;
}

/** Joins a line table back into text. */
export function joinLines(lines: readonly YamlLine[]): string {
  // One native join writes a flat string: concatenation built a rope that the first search of
  // the text (a rule's gate, the re-parse) then had to flatten, about twice the work.
  const texts = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i++) texts[i] = lines[i]!.text;
  return texts.join('\n');
}

/**
 * {@link joinLines}, once per table: tables are never mutated, so the repairs' whole-document
 * pre-checks (a trigger character found nowhere) and the run's re-parse share one join (none
 * for a table {@link toLines} split from a whole text, which is its text).
 *
 * @example
 * tableText(toLines('a: 1\nb: 2')) // 'a: 1\nb: 2'
 */
export function tableText(lines: readonly YamlLine[]): string {
  return TEXTS.of(lines);
}

/** Number of leading spaces. */
export function indentOf(text: string): number {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  return i;
}

/** Index of the first character after the leading spaces, and that character is printable ASCII (never whitespace). */
function firstVisible(text: string): number {
  const k = indentOf(text);
  const c = codeAt(text, k);
  return c > 32 && c < 127 ? k : -1;
}

/** True for a line with nothing but whitespace. */
export function isBlank(text: string): boolean {
  // Most lines show a printable ASCII character after their spaces: no trimmed copy needed.
  return firstVisible(text) < 0 && text.trim() === '';
}

/** True for a comment-only line. */
export function isComment(text: string): boolean {
  // The first printable ASCII character after the spaces is the first one trimStart keeps.
  const k = firstVisible(text);
  return k >= 0 ? text.charCodeAt(k) === 35 : text.trimStart().startsWith('#');
}

/**
 * `isBlank(text) || isComment(text)`, finding the first visible character once: the test every
 * content walk makes of each line.
 *
 * @example
 * isBlankOrComment('  # note') // true
 */
export function isBlankOrComment(text: string): boolean {
  const k = firstVisible(text);
  if (k >= 0) return text.charCodeAt(k) === 35;
  const rest = text.trimStart();
  return rest === '' || rest.charCodeAt(0) === 35;
}

/** Index of the next line after `i` that is neither blank nor a comment, or -1. */
export function nextContentLine(lines: readonly YamlLine[], i: number): number {
  for (let j = i + 1; j < lines.length; j++) if (!isBlankOrComment(lines[j]!.text)) return j;
  return -1;
}

/** Index of the previous line before `i` that is neither blank nor a comment, or -1. */
export function prevContentLine(lines: readonly YamlLine[], i: number): number {
  for (let j = i - 1; j >= 0; j--) if (!isBlankOrComment(lines[j]!.text)) return j;
  return -1;
}
