/**
 * Decides whether a candidate is JSON or YAML, cheaply (a few anchored
 * regexes, no parse): the fence info string first, then the shape of the
 * first significant line. The JSON repairer never sees a candidate this calls
 * YAML, and a YAML fence holding JSON goes to the JSON path.
 */
import type { CandidateFormat } from '../types.js';

const JSON_INFO = /^(json|jsonl|ndjson|json5|jsonc|[a-z0-9_-]+-json)\b/i;
const YAML_INFO = /^(ya?ml)\b/i;
/** Leading blank lines, YAML comments and a `---` document marker. */
const PREAMBLE = /^(?:[ \t]*(?:#[^\n]*)?\r?\n|---[ \t]*\r?\n)*/;
/** A root that is JSON-shaped: `{` followed by `"` or `}`, or `[` followed by a JSON value start. */
const JSON_ROOT = /^[ \t]*(?:\{\s*(?:"|\})|\[\s*(?:[[{"\]\d-]|true\b|false\b|null\b))/;
/** A YAML mapping key or sequence entry line (identifier keys only, so prose is not a key). */
const YAML_LINE = /^[ \t]*(?:-(?:[ \t]|$)|[A-Za-z_][\w.-]*(?: \d+)?[ \t]*:(?:[ \t]|$)|"[^"\n]*"[ \t]*:[ \t])/;
/** A line that opens a JSON object or array: `{` then `"`/`}`/end of line, or `[` then a value or end of line. */
const JSON_LINE_START = /^[ \t]*(?:\{[ \t]*(?:"|\}|\r?$)|\[[ \t]*(?:[[{"\]\d-]|\r?$))/m;
const YAML_LINE_ANYWHERE = /^[ \t]*(?:-[ \t]+|[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|$))/m;

/**
 * @example
 * detectFormat('a: 1\nb: 2') // 'yaml'
 * detectFormat('{"a":1}', 'yaml') // 'json' (a YAML fence holding JSON goes to the JSON path)
 */
export function detectFormat(text: string, fenceInfo?: string): CandidateFormat {
  const body = text.slice(PREAMBLE.exec(text)?.[0].length ?? 0);
  const jsonRoot = JSON_ROOT.test(body);
  if (fenceInfo !== undefined) {
    if (JSON_INFO.test(fenceInfo)) return 'json';
    if (YAML_INFO.test(fenceInfo)) return jsonRoot ? 'json' : 'yaml';
  }
  const first = body.match(/\S/)?.[0];
  if (jsonRoot || first === '{' || first === '[') return 'json';
  // A YAML-shaped first line decides, unless a JSON root sits alone at the start of a later line.
  if (YAML_LINE.test(body)) return /^[{[]/m.test(body) ? 'json' : 'yaml';
  // Prose first: a JSON root opening a line of its own outweighs a `Note: …` line in the prose.
  if (JSON_LINE_START.test(body)) return 'json';
  return YAML_LINE_ANYWHERE.test(text) && !text.includes('{"') ? 'yaml' : 'json';
}
