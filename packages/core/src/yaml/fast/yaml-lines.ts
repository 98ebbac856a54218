/**
 * Line-level helpers shared by the fast loader's readers. The loader works on
 * the text split into lines (line breaks already removed), one pass, top down.
 */
import { fastYamlBail, fastYamlRefuse } from './fast-yaml-bail.js';

/** A mapping key indicator: `: ` inside the text or `:` at its end. */
export const HOLDS_KEY_INDICATOR = /:(?: |$)/;

/** The loader's cursor: the next unconsumed line and the nesting depth. */
export interface FastYamlState {
  readonly lines: readonly string[];
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
 * Index of the first line at or after `from` that is neither blank nor a
 * comment (or `lines.length`). Does not inspect the line it stops at.
 *
 * @example
 * skipNonContentLines(['# c', '', 'a: 1'], 0) // 2
 */
export function skipNonContentLines(lines: readonly string[], from: number): number {
  let i = from;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    const indent = indentOf(line);
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
 * nextContentLine(['', 'a: 1'], 0) // 1
 */
export function nextContentLine(lines: readonly string[], from: number, lineDue = true): number {
  const i = skipNonContentLines(lines, from);
  if (i === lines.length) return i;
  const line = lines[i]!;
  if (line.includes('\t')) {
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
  while (line.charCodeAt(i) === 0x20) i += 1;
  if (i === line.length) return;
  if (i > from && line.charCodeAt(i) === 0x23) return;
  // `"x": y` and `[a]: b` make the node a key, which `yaml` may accept: not a refusal.
  fastYamlBail(line.charCodeAt(i) === 0x3a ? colonReason : reason);
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
