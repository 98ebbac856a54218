/**
 * The wire shapes of a batch output (format 2), shared by the writer
 * ({@link encodeBatchRecord}) and the one reader ({@link readBatchOutput}).
 * Lines are built for reprocessing at scale: `raw` only when it differs from
 * `data`, interventions and candidates as positional arrays, flags only when true.
 *
 * A success line:
 * `{"line":3,"id":"r3","agent":"coder","data":{…},"candidate":["fenced","json",10,52,null,"json"],"interventions":[…],"repaired":true}`
 * A failure line:
 * `{"line":4,"id":"r4","failure":"schema","validationErrors":[…],"raw":{…},"candidate":[…],"interventions":[]}`
 */

/**
 * Version of the line format, written in the metadata line as `airlock.format`.
 * Outputs without it are format 1 (every record carried its whole `ParseResult`).
 */
export const BATCH_FORMAT_VERSION = 2;

/**
 * An intervention on the wire:
 * `[rule, stage, category, message, span, path, before, after]`, absent fields
 * `null`, trailing absent fields dropped.
 */
export type WireIntervention = [
  rule: string,
  stage: string,
  category: string,
  message: string,
  span?: [number, number] | null,
  path?: (string | number)[] | null,
  before?: string | null,
  after?: string | null,
];

/**
 * The short form of an intervention, `[rule, span, path, before, after]`
 * (trailing absent fields dropped): its stage, category and message are those
 * of the previous intervention of the same rule in the same record. Its second
 * item is never a string, which tells it from the full form.
 */
export type ShortWireIntervention = [
  rule: string,
  span?: [number, number] | null,
  path?: (string | number)[] | null,
  before?: string | null,
  after?: string | null,
];

/**
 * A candidate on the wire:
 * `[source, format, start, end, prefixStripped (1 or null), fenceInfo, tag]`,
 * absent fields null, trailing absent fields dropped.
 */
export type WireCandidate = [
  source: string,
  format: string,
  start: number,
  end: number,
  prefixStripped?: 1 | null,
  fenceInfo?: string | null,
  tag?: string | null,
];

/** One result line as written (keys appear in this order; optional ones only when set). */
export interface WireRecord {
  line: number;
  /** The input file, in a run of several inputs (`line` then counts from 1 in each file). */
  file?: string;
  id: string | number | null;
  agent?: string;
  /** Present on success (absent only if the contract's output is `undefined`). */
  data?: unknown;
  /** Present on failure: the failure class. */
  failure?: string;
  /** Failure: why extraction or parsing failed. */
  error?: string;
  validationErrors?: { path: string; message: string }[];
  /** Success: only when it differs from `data` (or the run asked for raw values). Failure: whenever known. */
  raw?: unknown;
  candidate?: WireCandidate;
  interventions?: (WireIntervention | ShortWireIntervention)[];
  repaired?: true;
  normalized?: true;
  truncated?: true;
}
