/**
 * Decides whether a candidate is JSON or YAML, cheaply (a few anchored
 * regexes, no parse): the fence info string first, then the shape of the
 * first significant line. The JSON repairer never sees a candidate this calls
 * YAML, and a YAML fence holding JSON goes to the JSON path.
 */
import { firstNonSpaceIndex } from '../first-non-space.js';
import type { CandidateFormat } from '../types.js';

const JSON_INFO = /^(json|jsonl|ndjson|json5|jsonc|[a-z0-9_-]+-json)\b/i;
const YAML_INFO = /^(ya?ml)\b/i;
/** Leading blank lines, YAML comments and a `---` document marker. */
const PREAMBLE = /^(?:[ \t]*(?:#[^\n]*)?\r?\n|---[ \t]*\r?\n)*/;
/** A root that is JSON-shaped: `{` followed by `"` or `}`, or `[` followed by a JSON value start. */
const JSON_ROOT = /^[ \t]*(?:\{\s*(?:"|\})|\[\s*(?:[[{"\]\d-]|true\b|false\b|null\b))/;
/** A YAML mapping key or sequence entry line (identifier keys only, so prose is not a key). */
const YAML_LINE = /^[ \t]*(?:-(?:[ \t]|$)|[A-Za-z_][\w.-]*(?: \d+)?[ \t]*:(?:[ \t]|$)|"[^"\n]*"[ \t]*:[ \t])/;

/** JavaScript's line terminators: where a multiline `^` or `$` may match. */
function isLineTerminator(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** Only spaces and tabs between the opener at `at` and the start of its line. */
function opensLine(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i--;
  return i < 0 || isLineTerminator(text.charCodeAt(i));
}

/** After `{`: `"`, `}` or the end of the line; after `[`: a JSON value start, `]` or the end of the line (spaces and tabs skipped). */
function jsonFollowsOpener(text: string, at: number): boolean {
  let i = at + 1;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  if (i >= text.length) return true;
  const c = text.charCodeAt(i);
  if (isLineTerminator(c)) return true;
  if (text.charCodeAt(at) === 0x7b) return c === 0x22 || c === 0x7d;
  return c === 0x5b || c === 0x7b || c === 0x22 || c === 0x5d || c === 0x2d || (c >= 0x30 && c <= 0x39);
}

/**
 * Whether a line opens a JSON object or array: `{` then `"`, `}` or the end of the line, or
 * `[` then a value start or the end of the line, after spaces and tabs. The same answer as
 * `/^[ \t]*(?:\{[ \t]*(?:"|\}|\r?$)|\[[ \t]*(?:[[{"\]\d-]|\r?$))/m`, which tries every
 * position of the text; this visits only the brackets, found with `indexOf`. Linear: a
 * bracket looks back only over the spaces and tabs right before it.
 *
 * @example
 * hasJsonLineStart('Result:\n  {"a": 1}') // true
 * hasJsonLineStart('Use {"a": 1} here') // false
 */
export function hasJsonLineStart(text: string): boolean {
  let brace = text.indexOf('{');
  let bracket = text.indexOf('[');
  while (brace >= 0 || bracket >= 0) {
    const at = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
    if (opensLine(text, at) && jsonFollowsOpener(text, at)) return true;
    if (at === brace) brace = text.indexOf('{', at + 1);
    else bracket = text.indexOf('[', at + 1);
  }
  return false;
}
/** Whether a text opening with this code unit may open with a preamble line (see PREAMBLE): blank, `#` or `---`. */
function opensPreamble(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x23 || c === 0x2d;
}

/** The first code unit that is not whitespace (as `\S` has it), or -1. */
function firstNonSpace(text: string): number {
  const at = firstNonSpaceIndex(text);
  return at < 0 ? -1 : text.charCodeAt(at);
}

const YAML_LINE_ANYWHERE = /^[ \t]*(?:-[ \t]+|[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|$))/m;

/**
 * @example
 * detectFormat('a: 1\nb: 2') // 'yaml'
 * detectFormat('{"a":1}', 'yaml') // 'json' (a YAML fence holding JSON goes to the JSON path)
 */
export function detectFormat(text: string, fenceInfo?: string): CandidateFormat {
  // A JSON fence decides alone, before the text is looked at.
  if (fenceInfo !== undefined && JSON_INFO.test(fenceInfo)) return 'json';
  const yamlFence = fenceInfo !== undefined && YAML_INFO.test(fenceInfo);
  // A text opening with `{` or `[` after whitespace is JSON, unless a YAML fence makes the root
  // decide (below): blank lines are all the preamble it can have, and its body opens the same way.
  const opener = yamlFence ? -1 : firstNonSpace(text);
  if (opener === 0x7b || opener === 0x5b) return 'json';
  const body = opensPreamble(text.charCodeAt(0)) ? text.slice(PREAMBLE.exec(text)?.[0].length ?? 0) : text;
  if (yamlFence) return JSON_ROOT.test(body) ? 'json' : 'yaml';
  // Past the preamble, a root opening the body is JSON (a JSON-shaped root opens with one too).
  const first = body === text ? opener : firstNonSpace(body);
  if (first === 0x7b || first === 0x5b) return 'json';
  // A YAML-shaped first line decides, unless a JSON root sits alone at the start of a later line.
  if (YAML_LINE.test(body)) return /^[{[]/m.test(body) ? 'json' : 'yaml';
  // Prose first: a JSON root opening a line of its own outweighs a `Note: …` line in the prose.
  if (hasJsonLineStart(body)) return 'json';
  return YAML_LINE_ANYWHERE.test(text) && !text.includes('{"') ? 'yaml' : 'json';
}
