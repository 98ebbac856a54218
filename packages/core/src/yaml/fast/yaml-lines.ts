/**
 * Line-level helpers shared by the fast loader's readers. The loader works on
 * the text split into lines (line breaks already removed), one pass, top down.
 */
import { fastYamlBail, fastYamlRefuse } from './fast-yaml-bail.js';
import { codeAt } from '../../code-at.js';

/** A mapping key indicator: `: ` inside the text or `:` at its end. */
export const HOLDS_KEY_INDICATOR = /:(?: |$)/;

/** The loader's cursor: the next unconsumed line and the nesting depth. */
export interface FastYamlState {
  readonly lines: readonly string[];
  /**
   * `indentOf(lines[i])` for every line, counted once: the readers ask for it several times a
   * line. This and the counts below may be longer than `lines` (reused, see splitLines): only
   * indexes below `lines.length` hold this text's counts.
   */
  readonly indents: Int32Array<ArrayBuffer>;
  /** Where each line's first `#` is, -1 for none (most lines): a line without one holds no comment. */
  readonly hashAt: Int32Array<ArrayBuffer>;
  /**
   * Where each line's first and last key indicator is (a `:` before a space or the line's end),
   * -1 for none: where a key ends, and whether a value after it may hold another.
   */
  readonly colonAt: Int32Array<ArrayBuffer>;
  readonly lastColonAt: Int32Array<ArrayBuffer>;
  /** Whether any line holds a tab: in a text without one, no line needs looking for it. */
  readonly hasTab: boolean;
  /** The text does not end with a line break: its last line is unterminated. */
  readonly openEnd: boolean;
  line: number;
  depth: number;
}

/** Deeper documents go to `yaml`, which bounds them itself; this keeps the recursion shallow. */
export const FAST_YAML_MAX_DEPTH = 64;

/**
 * Number of leading spaces (tabs are not indentation in YAML).
 *
 * @example
 * indentOf('  a: 1') // 2
 */
export function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 0x20) i += 1;
  return i;
}

/**
 * The per-line counts of the last text loaded, reused by the next: one load runs at a time
 * (synchronously, its state dropped when it returns), and filling reused typed arrays costs
 * less than growing fresh arrays line by line. Arrays grown past SCRATCH_KEPT lines for a large
 * text are let go at the next call.
 */
let scratch = lineCounts(256);
const SCRATCH_KEPT = 65536;

function lineCounts(size: number): Pick<FastYamlState, 'indents' | 'hashAt' | 'colonAt' | 'lastColonAt'> {
  return { indents: new Int32Array(size), hashAt: new Int32Array(size), colonAt: new Int32Array(size), lastColonAt: new Int32Array(size) };
}

/** Twice the room, the counts so far kept. */
function grownCounts(): typeof scratch {
  const next = lineCounts(scratch.indents.length * 2);
  next.indents.set(scratch.indents);
  next.hashAt.set(scratch.hashAt);
  next.colonAt.set(scratch.colonAt);
  next.lastColonAt.set(scratch.lastColonAt);
  return next;
}

/**
 * The text's lines (line breaks removed), counted as the readers need them, and the loader's
 * cursor on the first line.
 *
 * @example
 * splitLines('a: 1\n  b\n') // { lines: ['a: 1', '  b'], indents: [0, 2, …], openEnd: false, … }
 */
export function splitLines(text: string): FastYamlState {
  if (scratch.indents.length > SCRATCH_KEPT) scratch = lineCounts(256);
  let { indents, hashAt, colonAt, lastColonAt } = scratch;
  const lines: string[] = [];
  const crlf = text.includes('\r');
  // The next `#` at or after the line's start: searched again only once passed, so the whole
  // text is searched once, however the `#`s fall.
  let hash = text.indexOf('#');
  // Every `:` of the text in turn, one native search each (about one a line in agent YAML).
  let colon = text.indexOf(':');
  // One walk over the line breaks (a native search each) that also counts each line's indent.
  for (let pos = 0, i = 0; ; i += 1) {
    if (i === indents.length) {
      scratch = grownCounts();
      ({ indents, hashAt, colonAt, lastColonAt } = scratch);
    }
    let k = pos;
    while (codeAt(text, k) === 0x20) k += 1;
    const nl = text.indexOf('\n', k);
    let end = nl === -1 ? text.length : nl;
    if (crlf && end > pos && text.charCodeAt(end - 1) === 0x0d) end -= 1;
    lines.push(text.slice(pos, end));
    indents[i] = k - pos;
    if (hash !== -1 && hash < pos) hash = text.indexOf('#', pos);
    hashAt[i] = hash !== -1 && hash < end ? hash - pos : -1;
    let first = -1;
    let last = -1;
    for (; colon !== -1 && colon < end; colon = text.indexOf(':', colon + 1)) {
      if (colon + 1 === end || text.charCodeAt(colon + 1) === 0x20) {
        if (first === -1) first = colon - pos;
        last = colon - pos;
      }
    }
    colonAt[i] = first;
    lastColonAt[i] = last;
    // A final line break ends the last line; it does not open an empty one.
    if (nl === -1 || nl + 1 === text.length) break;
    pos = nl + 1;
  }
  return { lines, indents, hashAt, colonAt, lastColonAt, hasTab: text.includes('\t'), openEnd: !text.endsWith('\n'), line: 0, depth: 0 };
}

/**
 * Index of the first line at or after `from` that is neither blank nor a
 * comment (or `lines.length`). Does not inspect the line it stops at.
 *
 * @example
 * skipNonContentLines(splitLines('# c\n\na: 1'), 0) // 2
 */
export function skipNonContentLines(st: FastYamlState, from: number): number {
  const { lines, indents } = st;
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    const indent = indents[i]!;
    if (indent === line.length) continue;
    if (line.charCodeAt(indent) !== 0x23) return i;
  }
  return i;
}

/**
 * Like `skipNonContentLines`, and bails on what the fast path leaves to
 * `yaml`: tabs anywhere on a content line (indentation or separation), and
 * document markers or directives (multi-document streams). `lineDue` false: the
 * line may continue the node before it.
 *
 * @example
 * nextContentLine(splitLines('\na: 1'), 0) // 1
 */
export function nextContentLine(st: FastYamlState, from: number, lineDue = true): number {
  const { lines } = st;
  const i = skipNonContentLines(st, from);
  if (i === lines.length) return i;
  const line = lines[i]!;
  if (st.hasTab && line.includes('\t')) {
    // Content after a tab at column 0 is tab indentation, an error where a new line is due
    // (not after a root plain scalar, which such a line continues).
    if (lineDue && line.charCodeAt(0) === 0x09 && startsContent(line)) fastYamlRefuse('tab_indent', 'Tabs are not allowed as indentation', i);
    fastYamlBail('tab');
  }
  const c = line.charCodeAt(0);
  if ((c === 0x2d || c === 0x2e) && isDocumentMarker(line)) fastYamlBail('document_marker');
  if (c === 0x25) fastYamlBail('directive');
  return i;
}

/**
 * True when the tab-led line goes on with a plain word: `yaml` may read a comment, an
 * indicator or a quote after the tabs as something else (a sequence, a key) and word its
 * error otherwise.
 */
function startsContent(line: string): boolean {
  let i = 0;
  while (line.charCodeAt(i) === 0x09 || line.charCodeAt(i) === 0x20) i += 1;
  return i < line.length && /[\p{L}\p{N}_]/u.test(line[i]!);
}

/**
 * `---` or `...` at column 0 followed by a space or the end of the line.
 *
 * @example
 * isDocumentMarker('--- # x') // true
 */
export function isDocumentMarker(line: string): boolean {
  if (!(line.startsWith('---') || line.startsWith('...'))) return false;
  const after = line.charCodeAt(3);
  return line.length === 3 || after === 0x20 || after === 0x09;
}

/**
 * Bails unless the line holds nothing after `from` but spaces and an
 * optional comment (which YAML requires to be separated by a space). After a
 * closed quoted scalar or flow collection that content is an error in `yaml`
 * too (`line_trailing_content`, see YAML_REJECTS); other callers name their own reason.
 *
 * @example
 * expectLineEnd('"a" # c', 3) // ok
 */
export function expectLineEnd(line: string, from: number, reason = 'line_trailing_content', colonReason = 'line_trailing_colon'): void {
  let i = from;
  while (codeAt(line, i) === 0x20) i += 1;
  if (i === line.length) return;
  if (i > from && codeAt(line, i) === 0x23) return;
  // `"x": y` and `[a]: b` make the node a key, which `yaml` may accept: not a refusal.
  fastYamlBail(codeAt(line, i) === 0x3a ? colonReason : reason);
}

/**
 * `line` without trailing spaces (only U+0020: other Unicode spaces are content in YAML).
 *
 * @example
 * trimSpacesEnd('a  ', 0, 3) // 'a'
 */
export function trimSpacesEnd(line: string, from: number, to: number): string {
  let end = to;
  while (end > from && line.charCodeAt(end - 1) === 0x20) end -= 1;
  return line.slice(from, end);
}
