/**
 * A cheap, line-local reading of one YAML line: indentation, sequence dash,
 * mapping key and value. The repairs reason about lines, never about a parse
 * tree, because they run exactly when the parser has given up.
 */
import { codeAt } from '../code-at.js';

/** What a single line looks like to the repairs. */
export interface YamlEntry {
  /** Leading spaces. */
  readonly indent: number;
  /** True when the line is a block sequence entry (`- …`). */
  readonly dash: boolean;
  /** Column of the node after the dash(es) (equals `indent` without a dash). */
  readonly col: number;
  /** Column of the last dash of a compact nested entry (`- - x`), else `indent`. */
  readonly dashCol: number;
  /** Mapping key (raw, quotes kept) or null when the line holds no `key:`. */
  readonly key: string | null;
  /** Column where the value starts (after `key: ` or `- `). */
  readonly valueCol: number;
  /** The value text, trailing whitespace removed. */
  readonly value: string;
}

/** Read in place from the node's column (sticky), so no line is sliced to try it. */
const KEY = /(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[A-Za-z_$][\w$./-]*(?: [\w$./-]+)*):(?=[ \t]|$)/y;
const BLOCK_INDICATOR = /^[|>](?:[1-9][-+]?|[-+][1-9]?)?(?:[ \t]+#.*)?$/;

function skipSpaces(text: string, i: number): number {
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
}

/**
 * Runs a repair run, then forgets the line table it read last, so no candidate's lines outlive
 * its run.
 *
 * @example
 * withLineEntries(() => repairAll(lines))
 */
export function withLineEntries<T>(body: () => T): T {
  try {
    return body();
  } finally {
    lastTable = null;
    lastEntries = [];
  }
}

/**
 * The entries of the line table read last, by index. Some twenty repair rules each read every
 * line of a candidate, and most leave the table as they found it, so the next rule reads the
 * same table; a rule that rewrites it carries the entries of its kept lines over
 * (`adoptEntries`). Each line is thus scanned about once per run. (A memo by line text did the
 * same job before; a map of 300,000 lines is slow to probe and grew a 4 MB candidate's repairs
 * by half.)
 */
let lastTable: readonly { readonly text: string }[] | null = null;
let lastEntries: (YamlEntry | undefined)[] = [];

/**
 * Reads line `i` of a line table.
 *
 * @example
 * entryAt(toLines('a: 1\n- b'), 1).dash // true
 */
export function entryAt(lines: readonly { readonly text: string }[], i: number): YamlEntry {
  if (lines !== lastTable) {
    lastTable = lines;
    lastEntries = new Array<YamlEntry | undefined>(lines.length);
  }
  return (lastEntries[i] ??= readEntry(lines[i]!.text));
}

/**
 * The entries read so far from a line table, by index (empty unless it is the table read last).
 *
 * @example
 * readEntriesOf(lines)[3] // the entry of line 3 if a rule read it, else undefined
 */
export function readEntriesOf(lines: readonly { readonly text: string }[]): readonly (YamlEntry | undefined)[] {
  return lines === lastTable ? lastEntries : [];
}

/**
 * Makes `lines` the table read last, with the entries a rule carried over from the table it
 * rewrote (undefined where a line changed): the next rule reads the kept lines for free.
 *
 * @example
 * adoptEntries(step.lines, carried)
 */
export function adoptEntries(lines: readonly { readonly text: string }[], entries: (YamlEntry | undefined)[]): void {
  lastTable = lines;
  lastEntries = entries;
}

/**
 * Reads one line.
 *
 * @example
 * readEntry('  - id: Q01') // { indent: 2, dash: true, col: 4, dashCol: 2, key: 'id', valueCol: 8, value: 'Q01' }
 */
export function readEntry(text: string): YamlEntry {
  let indent = 0;
  while (indent < text.length && text.charCodeAt(indent) === 32) indent++;
  let col = indent;
  let dashCol = indent;
  let dash = false;
  // Compact nested entries (`- - x`) read as one entry whose node starts after the last dash.
  while (codeAt(text, col) === 45 /* - */ && (col + 1 === text.length || codeAt(text, col + 1) === 32 || codeAt(text, col + 1) === 9)) {
    dash = true;
    dashCol = col;
    col = skipSpaces(text, col + 1);
  }
  // A key ends in a colon: without one after the node's column the regex cannot match. `test`
  // leaves the sticky regex's lastIndex just past that colon and builds no match array (one
  // per line of every candidate the repairs read).
  let keyEnd = -1;
  if (text.indexOf(':', col) >= 0) {
    KEY.lastIndex = col;
    if (KEY.test(text)) keyEnd = KEY.lastIndex;
  }
  if (keyEnd < 0) return { indent, dash, col, dashCol, key: null, valueCol: col, value: text.slice(col).trimEnd() };
  const valueCol = skipSpaces(text, keyEnd);
  return { indent, dash, col, dashCol, key: text.slice(col, keyEnd - 1), valueCol, value: text.slice(valueCol).trimEnd() };
}

/** The key without surrounding quotes. */
export function keyName(key: string): string {
  if (key.length >= 2 && (key[0] === '"' || key[0] === "'") && key.endsWith(key[0])) return key.slice(1, -1);
  return key;
}

/** True for a block scalar header value: `|`, `>-`, `|2+`, … */
export function isBlockIndicator(value: string): boolean {
  return BLOCK_INDICATOR.test(value);
}

/** True when a value starts like a plain scalar (not quoted, not a collection, not an indicator). */
export function isPlainValue(value: string): boolean {
  if (value === '') return false;
  return !/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) || /^[-?:][^\s]/.test(value);
}

/**
 * Writes a scalar as a YAML double-quoted string. JSON string syntax is a
 * subset of YAML's double-quoted style, so the visible text is preserved.
 */
export function doubleQuote(text: string): string {
  return JSON.stringify(text);
}

/** Replaces the value of a line, keeping indentation, dash and key as emitted. */
export function withValue(text: string, entry: YamlEntry, value: string): string {
  return text.slice(0, entry.valueCol) + value;
}
