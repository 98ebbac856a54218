/**
 * Decides whether a candidate is JSON or YAML, cheaply: the fence info string
 * first, then the first significant character. The JSON repairer never sees a
 * candidate this calls YAML.
 */
import type { CandidateFormat } from '../types.js';

const JSON_INFO = /^(json|jsonl|json5|jsonc|cadre-json|[a-z0-9_-]+-json)\b/i;
const YAML_INFO = /^(ya?ml)\b/i;
/** A line that looks like a YAML mapping key or a sequence entry. */
const YAML_LINE = /^[ \t]*(?:-[ \t]+|[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|$))/m;

/**
 * @example
 * detectFormat('a: 1\nb: 2') // 'yaml'
 * detectFormat('{"a":1}', 'yaml') // 'json' (a YAML fence holding JSON goes to the JSON path)
 */
export function detectFormat(text: string, fenceInfo?: string): CandidateFormat {
  const first = text.match(/\S/)?.[0];
  if (first === '{' || first === '[') return 'json';
  if (fenceInfo !== undefined) {
    if (JSON_INFO.test(fenceInfo)) return 'json';
    if (YAML_INFO.test(fenceInfo)) return 'yaml';
  }
  return YAML_LINE.test(text) && !text.includes('{"') ? 'yaml' : 'json';
}
