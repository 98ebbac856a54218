import type { Candidate } from '../scan/candidate.js';
import type { CandidateFormat } from '../types.js';
import { parseJsonCandidate } from '../json/parse-json-candidate.js';
import { detectFormat } from '../yaml/detect-format.js';
import { parseYamlCandidate } from '../yaml/parse-yaml-candidate.js';
import type { ParseOutcome, ParseStageOptions } from '../stage-types.js';

/** `Sure: {"verdict": …}`: one word, a colon, then a JSON-shaped root on the same line. */
const WORD_THEN_JSON = /^\s*([A-Za-z_][\w.-]*)[ \t]*:[ \t]*(?:\{\s*(?:["}]|[A-Za-z_$][\w$]*[ \t]*:)|\[\s*[[{"\d-])/;
/** Another top-level `key:` line: then the text is a YAML mapping after all. */
const TOP_LEVEL_KEY = /\n[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|\r?\n|$)/;

/**
 * Prose followed by a JSON object on the same line (`Sure: {"verdict": "approve"}`)
 * reads as a one-key YAML mapping `{Sure: …}`; when the word is not a key of the
 * contract and no other top-level key follows, the JSON after it is the answer.
 */
function isProseThenJson(text: string, options: Pick<ParseStageOptions, 'contract'>): boolean {
  const m = WORD_THEN_JSON.exec(text);
  if (m === null || options.contract?.knownKeys.includes(m[1]!) === true) return false;
  return !TOP_LEVEL_KEY.test(text.slice(m[0].length));
}

/**
 * Routes a candidate to the JSON or the YAML path (`known`: its {@link candidateFormat}, when
 * the caller has it). A scalar root reads JSON only: YAML would turn prose into a mapping
 * (`Answer: yes`) or fold its lines.
 */
export function parseCandidate(candidate: Candidate, options: ParseStageOptions, known?: CandidateFormat): { format: CandidateFormat; outcome: ParseOutcome } {
  // The caller may know it already (the pipeline asks it of the raw text before anything else).
  const format = known ?? candidateFormat(candidate, options);
  const outcome = format === 'json' ? parseJsonCandidate(candidate, options) : parseYamlCandidate(candidate, options);
  return { format, outcome };
}

/**
 * The path {@link parseCandidate} sends a candidate down: JSON or YAML.
 *
 * @example
 * candidateFormat({ source: 'raw', text: 'a: 1', span: [0, 4], prefixStripped: false, noiseStart: -1 }, {}) // 'yaml'
 */
export function candidateFormat(candidate: Candidate, options: Pick<ParseStageOptions, 'scalarRoot' | 'contract'>): CandidateFormat {
  if (options.scalarRoot === true) return 'json';
  const format = detectFormat(candidate.text, candidate.fenceInfo);
  return format === 'yaml' && isProseThenJson(candidate.text, options) ? 'json' : format;
}
