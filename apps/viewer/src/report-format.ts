/**
 * The data a report embeds, shared by the writer (Node) and the page's script.
 * The page must open 100,000 records at once, so the list reads a compact
 * columnar index, and each record's details (raw text, full result) stay
 * unparsed JSON text in their chunk until the record is opened or searched.
 */

/** Outcome of a record: `valid_untouched`, `valid_repaired` or `failed:<class>`. */
export type OutcomeName = string;

/** One batch output in the report. */
export interface EmbeddedRun {
  /** File name (or label) of the batch output. */
  label: string;
  /** The output's metadata line (`airlock` part): version, contract, fingerprint, options. */
  metadata: Record<string, unknown>;
  /** Distinct outcomes; `outcome[k]` indexes this list. */
  outcomes: OutcomeName[];
  /** Distinct agents; `agent[k]` indexes this list, -1 when the record names none. */
  agents: string[];
  /** Distinct rules. */
  rules: string[];
  /** Distinct sets of rules fired in one record, as indexes into `rules`; `ruleSet[k]` indexes this list. */
  ruleSets: number[][];
  /**
   * The run logs the records come from, as the output names them (the paths given to the
   * batch); empty when it names none (stdin, a queued batch's merge, older outputs).
   */
  files: string[];
  /** Per record, in file order. */
  line: number[];
  /** Per record, its log as an index into `files`; empty when the run has at most one log. */
  file: number[];
  id: (string | number | null)[];
  agent: number[];
  outcome: number[];
  ruleSet: number[];
  /** Intervention count per rule over the run. */
  ruleCounts: Record<string, number>;
  /** Intervention count per agent over the run. */
  agentInterventions: Record<string, number>;
  /** Records per chunk of details. */
  chunkSize: number;
  /** Number of detail chunks (`<script id="airlock-r{run}c{chunk}">`). */
  chunks: number;
  /** True when raw model text was available (the run log was found or given). */
  hasRawText: boolean;
  /** Records written with a salvaged partial value (`airlock batch --salvage-truncated`); they are still failures. */
  salvaged?: number;
}

/** Everything the page reads at load: the runs' indexes. */
export interface EmbeddedReport {
  title: string;
  generatedBy: string;
  runs: EmbeddedRun[];
}

/** A record's details, one element of a chunk. A success's `raw` is left out when it equals `data`. */
export interface RecordDetails {
  /** The raw model text, when the run log was available. */
  text?: string;
  /** The record's `ParseResult`, as JSON. */
  result: Record<string, unknown>;
  /** A `truncated` failure's partial value and the states of its open paths (`--salvage-truncated`). */
  salvaged?: { data: unknown; states: Record<string, string> };
}

/** Element id of a detail chunk. */
export function chunkElementId(run: number, chunk: number): string {
  return `airlock-r${run}c${chunk}`;
}

/** Type of the `<script>` elements holding detail chunks: base64 of a gzip-compressed JSON array. */
export const CHUNK_TYPE = 'application/x-airlock-chunk+gzip;base64';

/** Element id of the index. */
export const INDEX_ELEMENT_ID = 'airlock-index';
