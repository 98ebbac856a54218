/**
 * The YAML path for one candidate: parse with `yaml` under hostile-input
 * settings. Structural repairs plug in after a failed first parse.
 */
import { parseDocument } from 'yaml';
import type { Candidate } from '../scan/candidate.js';
import type { ParseOutcome, ParseStageOptions } from '../pipeline/stage-outcome.js';
import { YAML_PARSE_OPTIONS, YAML_TO_JS_OPTIONS } from './yaml-options.js';

/**
 * Parses a YAML candidate. A document that is a lone plain scalar is prose,
 * not an artifact, and reports `no_candidate`.
 *
 * @example
 * parseYamlCandidate(candidateOf('a: 1'), {}) // { ok: true, value: { a: 1 }, … }
 */
export function parseYamlCandidate(candidate: Candidate, options: ParseStageOptions = {}): ParseOutcome {
  // Structural repairs run only in the repair pass; without them a second parse would repeat the first.
  void options;
  try {
    const doc = parseDocument(candidate.text, YAML_PARSE_OPTIONS);
    if (doc.errors.length > 0) {
      return { ok: false, failure: 'syntax', error: `YAML: ${doc.errors[0]!.message.split('\n')[0]}`, interventions: [] };
    }
    const value: unknown = doc.toJS(YAML_TO_JS_OPTIONS);
    if (value === null || typeof value !== 'object') {
      return { ok: false, failure: 'no_candidate', error: 'The candidate is a plain scalar, not a structured artifact.', interventions: [] };
    }
    return { ok: true, value, interventions: [], truncated: false };
  } catch (error) {
    return { ok: false, failure: 'syntax', error: `YAML: ${(error as Error).message}`, interventions: [] };
  }
}
