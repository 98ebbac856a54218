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
 * A `truncated` failure of a run with `salvageTruncated` also carries what its text supports so far:
 * `{"line":5,"id":"r5","failure":"truncated","error":"…","salvaged":{"data":{"title":"Fix lo"},"states":{"(root)":"incomplete","title":"incomplete"}},…}`
 * The `salvaged` field was added within format 2: it is optional, readers that do not know it
 * ignore it, and outputs without it (older ones, runs without the option) read as before.
 */

/**
 * Version of the line format, written in the metadata line as `airlock.format`.
 * Outputs without it are format 1 (every record carried its whole `ParseResult`).
 */
export const BATCH_FORMAT_VERSION = 2;

/**
 * An intervention on the wire:
 * `[rule, stage, category, message, span, path, before, after, also]`, absent fields
 * `null`, trailing absent fields dropped. `also` (the other rules one record covers) was
 * added within format 2: outputs without it read as before.
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
  also?: string[] | null,
];

/**
 * The short form of an intervention, `[rule, span, path, before, after, also]`
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
  also?: string[] | null,
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

/**
 * What a `truncated` failure's text supports so far: the partial value, normalized and valid
 * against the contract's partial view, and the state of every path not complete (`(root)`,
 * `issues[2].title`: `incomplete` or `missing`), as partial parsing reports them.
 */
export interface SalvagedValue {
  data: unknown;
  states: Record<string, 'incomplete' | 'missing'>;
}

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
  /** A `truncated` failure of a run with `salvageTruncated`, when its text already supports a value. */
  salvaged?: SalvagedValue;
  candidate?: WireCandidate;
  interventions?: (WireIntervention | ShortWireIntervention)[];
  repaired?: true;
  normalized?: true;
  truncated?: true;
}
