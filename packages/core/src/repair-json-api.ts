/**
 * The JSON repairer as a public function of its own, for code that wants repaired JSON text
 * rather than data validated against a schema (what `jsonrepair` or Python's `json_repair`
 * give). The pipeline's own repairer takes hints from the scanner besides these options; they
 * stay in `@airlock/core/internal`, so the public signature holds only what a caller decides.
 */
import { repairJson as repairCandidate, type RepairJsonResult as CandidateRepairResult } from './json/repair-json.js';

/** Options of {@link repairJson}. */
export interface RepairJsonOptions {
  /**
   * The root wanted: with `'object'` or `'array'` a structure of that kind is looked for past
   * leading prose, and JSON encoded inside a string is unwrapped. Default `'any'`.
   */
  expect?: 'object' | 'array' | 'any';
  /** Maximum nesting depth (default 1,000); deeper input fails with `'syntax'`. */
  maxDepth?: number;
  /** Join several root values (newline-delimited JSON, or several fenced blocks) into one array. Default false. */
  allowNdjson?: boolean;
}

/**
 * What {@link repairJson} returns. On success `text` is the input with the recorded edits
 * applied (its formatting kept) and `value` is `JSON.parse(text)`; `truncated` says a cut-off
 * structure, string or literal was closed. `root` is where the value was read, `[start, end)`
 * of the input, when it is that one slice as it stands. On failure `failure` classifies why
 * (`'empty_output'`, `'no_candidate'` or `'syntax'`) and `error` says it in a sentence.
 */
export type RepairJsonResult = CandidateRepairResult;

/**
 * Repairs JSON text in one linear pass and records every change as an intervention (rule,
 * span in the input, exact before/after). Valid JSON comes back untouched, with no
 * interventions. Never throws on any text: what cannot be repaired is `{ ok: false }`.
 *
 * Stability: public since 0.1.0 and covered by semantic versioning: this signature, the
 * options and the result's shape change only in a major version. Minor versions may repair
 * more inputs and add intervention rules; valid JSON stays untouched in every version.
 *
 * @example
 * import { repairJson } from '@airlock/core';
 * const r = repairJson("{name: 'Ada', tags: ['x',],}");
 * r.ok && r.text; // '{"name": "Ada", "tags": ["x"]}'
 * r.ok && r.interventions.map((i) => i.rule); // ['unquoted_key', 'single_quoted_string', 'unquoted_key', 'single_quoted_string', 'trailing_comma', 'trailing_comma']
 */
export function repairJson(text: string, options: RepairJsonOptions = {}): RepairJsonResult {
  // Only the public options go through: the scanner's hints are not a caller's to set.
  const { expect, maxDepth, allowNdjson } = options;
  const r = repairCandidate(text, {
    ...(expect === undefined ? {} : { expect }),
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(allowNdjson === undefined ? {} : { allowNdjson }),
  });
  if (!r.ok) return r;
  // A plain object with its text built: the repairer's own result builds the text only when read.
  const result: RepairJsonResult = { ok: true, text: r.text, value: r.value, interventions: r.interventions, truncated: r.truncated };
  if (r.root !== undefined) result.root = r.root;
  return result;
}
