import type { Candidate } from '../scan/candidate.js';
import type { CandidateFormat } from '../types.js';
import { parseJsonCandidate } from '../json/parse-json-candidate.js';
import { detectFormat } from '../yaml/detect-format.js';
import { parseYamlCandidate } from '../yaml/parse-yaml-candidate.js';
import type { ParseOutcome, ParseStageOptions } from './stage-outcome.js';

/**
 * Routes a candidate to the JSON or the YAML path. A scalar root reads JSON only:
 * YAML would turn prose into a mapping (`Answer: yes`) or fold its lines.
 */
export function parseCandidate(candidate: Candidate, options: ParseStageOptions): { format: CandidateFormat; outcome: ParseOutcome } {
  const format = options.scalarRoot === true ? 'json' : detectFormat(candidate.text, candidate.fenceInfo);
  const outcome = format === 'json' ? parseJsonCandidate(candidate, options) : parseYamlCandidate(candidate, options);
  return { format, outcome };
}
