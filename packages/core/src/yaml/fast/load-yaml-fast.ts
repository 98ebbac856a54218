/**
 * A single-pass loader for the YAML agents actually emit, value-identical to
 * `parseDocument(text, YAML_PARSE_OPTIONS).toJS(YAML_TO_JS_OPTIONS)` for every
 * text it accepts. It never reports a syntax error: anything outside its
 * subset (anchors, aliases, tags, merge keys, complex keys, directives,
 * multi-document streams, tabs, multi-line plain or quoted scalars, duplicate
 * keys, …) makes it bail so the caller hands the text unchanged to `yaml`,
 * the parser of record for repairs and diagnostics.
 */
import { FastYamlBail, fastYamlBail, fastYamlRefuse, opensUnreadNode } from './fast-yaml-bail.js';
import { recordFastYamlOutcome } from './fast-yaml-stats.js';
import { isIndicator } from './find-implicit-key.js';
import { releasePendingItems } from './pending-items.js';
import { readBlockNode } from './read-block-node.js';
import { expectLineEnd, HOLDS_KEY_INDICATOR, indentOf, isDocumentMarker, nextContentLine, skipNonContentLines, splitLines, type FastYamlState } from './yaml-lines.js';

export type FastYamlResult =
  | { ok: true; value: unknown }
  /** `message` and `line` (0-based) only for a worded refusal: `yaml`'s own first error (see `fastYamlRefuse`). */
  | { ok: false; reason: string; message?: string; line?: number };

/**
 * Characters whose treatment in `yaml` is not worth mirroring: C0/C1 controls
 * (other than tab and line breaks), a CR that is not part of CRLF, Unicode
 * line separators, BOMs and noncharacters.
 */
const UNSUPPORTED_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const LONE_CR = /\r(?!\n)/;

/** The ASCII ones: all of them that an ASCII text can hold. */
const ASCII_UNSUPPORTED: readonly string[] = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c)).filter((c) => UNSUPPORTED_CHARS.test(c));

/**
 * Whether every code unit is ASCII: exactly when UTF-8 takes one byte per code unit. Node counts
 * those bytes with SIMD in a small fraction of a regex pass; elsewhere, no text is taken for ASCII.
 */
const isAscii: (text: string) => boolean =
  typeof Buffer === 'function' ? (text) => Buffer.byteLength(text, 'utf8') === text.length : () => false;

/** From this length on, the searches below cost less than one regex pass (measured: about 800). */
const SEARCHED_FROM_LENGTH = 1024;

/**
 * Whether the text holds one of them. In a longer ASCII text (most agent YAML) one `includes`
 * per ASCII control character, each a native memchr, costs half the regex's pass over every
 * character or less. A lone CR is tested apart: a class alone is about a quarter faster per code
 * unit than an alternation, and a CR is rare enough to be looked for with `includes` first.
 */
function holdsUnsupportedChar(text: string): boolean {
  if (text.length >= SEARCHED_FROM_LENGTH && isAscii(text)) {
    for (let i = 0; i < ASCII_UNSUPPORTED.length; i += 1) if (text.includes(ASCII_UNSUPPORTED[i]!)) return true;
  } else if (UNSUPPORTED_CHARS.test(text)) {
    return true;
  }
  return text.includes('\r') && LONE_CR.test(text);
}

/** A comment: `#` opening a line or after a space or tab. */
const COMMENT = /(?:^|[ \t])#/;
/** A line whose first character after spaces and tabs is a YAML indicator. */
function opensWithIndicator(line: string): boolean {
  let k = 0;
  while (line.charCodeAt(k) === 0x20 || line.charCodeAt(k) === 0x09) k++;
  return isIndicator(line.charCodeAt(k));
}

/**
 * Stops the fast load at content after the root node, saying why. After a root block collection
 * it is an error in `yaml` too (`trailing_content`); so is a line holding `: ` after a root plain
 * scalar (prose then YAML: a multi-line scalar cannot hold a key), `trailing_after_prose`.
 * Other lines may continue a root scalar (`x` then `- a` is "x - a") or turn a flow
 * collection into a key (`{a: 1}: b`), so `yaml` decides those.
 */
function refuseTrailing(value: unknown, lines: readonly string[], start: number, trailing: number): never {
  const c = lines[start]!.trimStart().charCodeAt(0);
  const flow = c === 0x5b || c === 0x7b;
  if (value !== null && typeof value === 'object') fastYamlBail(flow ? 'trailing_after_node' : 'trailing_content');
  const plain = !opensUnreadNode(c) && c !== 0x22 && c !== 0x27;
  const keyLine = plain && typeof value === 'string' ? keyLineAfter(lines, trailing) : -1;
  if (keyLine < 0) fastYamlBail('trailing_after_node');
  // Prose at column 0, plain lines up to the key line, no comment to end the prose first: `yaml`
  // reads them as one key that spans lines, and says so at the prose's start, its first error.
  const between = lines.slice(start, keyLine + 1);
  if (indentOf(lines[start]!) === 0 && !between.some((line) => COMMENT.test(line) || opensWithIndicator(line))) {
    fastYamlRefuse('trailing_after_prose', 'Implicit keys need to be on a single line', start);
  }
  fastYamlBail('trailing_after_prose');
}

/**
 * The first line from `from` on holding `: ` before any line that could end the root scalar's
 * document (a marker or directive): prose then YAML, however many prose lines come first. -1
 * when there is none.
 */
function keyLineAfter(lines: readonly string[], from: number): number {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const c = line.charCodeAt(0);
    if (c === 0x25 || ((c === 0x2d || c === 0x2e) && isDocumentMarker(line))) return -1;
    const comment = line.search(COMMENT);
    if (HOLDS_KEY_INDICATOR.test(comment === -1 ? line : line.slice(0, comment))) return i;
  }
  return -1;
}

/**
 * Reads the root node, then looks for content after it. `yaml` words a tab-led line as tab
 * indentation only inside a root block mapping at column 0; elsewhere (an indented root, a
 * root sequence or flow collection) it may call it content after the document, so the
 * refusal stays a refusal (`tab_content`, YAML_REJECTS) without `yaml`'s wording. After a
 * root plain scalar a tab-led line continues the scalar: `yaml` decides.
 */
function readRootAndTrailing(st: FastYamlState, wordsTabs: boolean): { value: unknown; trailing: number } {
  try {
    const value = readBlockNode(st);
    return { value, trailing: nextContentLine(st, st.line, value !== null && typeof value === 'object') };
  } catch (error) {
    if (!wordsTabs && error instanceof FastYamlBail && error.reason === 'tab_indent') fastYamlBail('tab_content');
    throw error;
  }
}

function loadDocument(text: string): unknown {
  if (holdsUnsupportedChar(text)) fastYamlBail('unsupported_char');
  const st = splitLines(text);
  const { lines } = st;
  let start = skipNonContentLines(st, 0);
  if (start < lines.length && isDocumentMarker(lines[start]!)) {
    if (!lines[start]!.startsWith('---')) fastYamlBail('document_end');
    // `--- x` opens the root node on the marker line: valid YAML the fast path leaves to `yaml`.
    expectLineEnd(lines[start]!, 3, 'document_marker_content');
    start += 1;
  }
  start = nextContentLine(st, start, false);
  if (start === lines.length) return null;
  st.line = start;
  const c = lines[start]!.charCodeAt(0);
  const wordsTabs = c !== 0x20 && c !== 0x2d && c !== 0x5b && c !== 0x7b;
  const { value, trailing } = readRootAndTrailing(st, wordsTabs);
  if (trailing !== lines.length) refuseTrailing(value, lines, start, trailing);
  return value;
}

/**
 * Loads `text` on the fast path, or says why it left it to `yaml`. Total: it
 * never throws and never reports a syntax error of its own.
 *
 * @example
 * loadYamlFast('a: 1\nb: [x, "y"]') // { ok: true, value: { a: 1, b: ['x', 'y'] } }
 * loadYamlFast('a: &x 1')           // { ok: false, reason: 'anchor' }
 */
export function loadYamlFast(text: string): FastYamlResult {
  try {
    const value = loadDocument(text);
    recordFastYamlOutcome(undefined);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof FastYamlBail)) {
      recordFastYamlOutcome('internal_error');
      return { ok: false, reason: 'internal_error' };
    }
    recordFastYamlOutcome(error.reason);
    return error.message === undefined ? { ok: false, reason: error.reason } : { ok: false, reason: error.reason, message: error.message, line: error.line! };
  } finally {
    releasePendingItems();
  }
}
