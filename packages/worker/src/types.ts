/**
 * Shapes shared by the batch runner, its worker threads and the CLI. Everything
 * that crosses a thread or lands in a file is plain JSON data.
 */
import type { FailureClass } from '@airlock/core';
import type { BATCH_FORMAT_VERSION } from './batch-format.js';

/** Where a contract lives: a module specifier (path or package) and an export name. */
export interface ContractRef {
  module: string;
  export: string;
}

/** Outcome counts of a set of records. */
export interface OutcomeCounts {
  records: number;
  /** Valid with zero interventions. */
  validUntouched: number;
  /** Valid after at least one intervention. */
  validRepaired: number;
  failed: number;
  /** Failed records by failure class. */
  failures: Partial<Record<FailureClass, number>>;
}

/** Counts that add up across chunks and survive a resume (stored in the checkpoint). */
export interface BatchCounts extends OutcomeCounts {
  /** Interventions per rule, over every result (valid or not). */
  rules: Record<string, number>;
  /** Outcome counts per `agent` field of the records (`(none)` when absent). */
  agents: Record<string, OutcomeCounts>;
  /** UTF-8 bytes of the input records processed (newline included). */
  inputBytes: number;
  /** Valid records whose output was truncated (the parser closed the structure). */
  truncated: number;
  /**
   * `truncated` failures written with a salvaged partial value (`RunBatchOptions.salvageTruncated`);
   * they still count as failed. Absent in checkpoints of older versions.
   */
  salvaged: number;
  /** The first record of each failure class, in input order. */
  examples: Partial<Record<FailureClass, FailureExample>>;
}

/** Where a failure class was first met, and why: what the summary shows as its example. */
export interface FailureExample {
  line: number;
  /** The input file, in a run of several inputs. */
  file?: string;
  id: string | number | null;
  /** The extraction error or the first validation error, cut to one short line. */
  error: string;
}

/** Final statistics of a run: counts of the whole output plus this session's throughput. */
export interface BatchStats extends BatchCounts {
  /** False when the run was interrupted (the checkpoint is kept). */
  complete: boolean;
  /** Records that were already committed when this session resumed. */
  resumedFrom: number;
  threads: number;
  elapsedMs: number;
  /** Records processed by this session per second. */
  recordsPerSecond: number;
  /** Input megabytes (10^6 bytes) processed by this session per second. */
  mbPerSecond: number;
}

/** First line of every batch output. Thread count and chunk size are absent on purpose: they never change results. */
export interface BatchMetadata {
  airlock: {
    /** Version of the line format ({@link BATCH_FORMAT_VERSION}); absent in format 1. */
    format: number;
    version: string;
    contract: { name: string; fingerprint: string; module: string; export: string };
    /** `salvageTruncated` is written only when set, so outputs without it read as before. */
    options: { field: string; idField: string; includeRaw: boolean; salvageTruncated?: true };
    /**
     * The run log(s) the output was made from: the paths as given and a fingerprint of the
     * files (null for stdin), so `airlock diff` can refuse outputs of different logs.
     * Absent in outputs of older versions and in a queued batch's merge.
     */
    input?: { files: string[]; fingerprint: string | null };
    /**
     * The run's context (`RunBatchOptions.context`), by fingerprint (sha256 of its canonical
     * JSON), so `--resume` refuses another context. Absent when the run had none.
     */
    context?: { fingerprint: string };
  };
}

/** Reported after each committed chunk. */
export interface BatchProgress {
  /** Records committed to the output, resumed ones included. */
  records: number;
  /** Failed records committed so far. */
  failed: number;
  /** Bytes of the input file read so far (compressed bytes for .gz). */
  inputBytesRead: number;
  /**
   * Bytes of the input files up to the last committed record (for .gz, the compressed
   * bytes in the proportion of what was decompressed): the progress that survives a stop.
   */
  inputBytesCommitted: number;
  /** Size of the input files, when known. */
  inputBytesTotal: number | undefined;
  /** Uncompressed input bytes processed by this session. */
  bytesProcessed: number;
  elapsedMs: number;
}

/** A byte range of a plain log, `[start, end)`, cut on line boundaries (a shard of a queued batch). */
export interface InputRange {
  start: number;
  end: number;
  /** Input line number (1-based) of the range's first line. */
  firstLine: number;
}

/** Worker threads that runs share (from `createBatchPool`). */
export interface BatchPool {
  readonly threads: number;
  /** Stops the threads; runs still in progress on the pool fail. Calling it again does nothing. */
  close(): Promise<void>;
}

/** Options of {@link runBatch}. */
export interface RunBatchOptions {
  /**
   * JSONL run log, plain or gzip (detected from its first bytes), or `-` for stdin; or several
   * files, read in order into one output, whose result lines then carry a `file` besides the
   * `line` (numbered from 1 in each file).
   */
  input: string | readonly string[];
  /** NDJSON result file; its checkpoint is `<output>.checkpoint.json`. */
  output: string;
  contract: ContractRef;
  /**
   * Threads that parse records; 0 runs inline on the calling thread. From 2 (without `pool` or
   * `threadHeapMb`) the calling thread is one of them: `threads: 2` starts one worker thread and
   * parses on the calling thread too, between reads and writes. Default: inline below 48 MiB of
   * input (6 MiB gzip), else one per core (at most 32).
   */
  threads?: number;
  /**
   * With `threads`: input known to be smaller than this (plain-equivalent bytes, as the default
   * thread count counts them) runs inline all the same, since the calling thread would read it
   * through before a thread started. The CLI passes `INLINE_BELOW_BYTES`, so `--threads 2` is
   * never slower than inline on a small log. Default 0: `threads` as given.
   */
  inlineBelowBytes?: number;
  /**
   * Run on these threads (from `createBatchPool`) instead of starting and stopping a pool for this
   * run: threads that earlier runs warmed up run at full speed at once. Not with `threads` or
   * `threadHeapMb`. The run leaves the pool open.
   */
  pool?: BatchPool;
  /** Records per task sent to a worker. Default 256. */
  chunkSize?: number;
  /**
   * Old-generation heap of each worker thread, in MB. Default 2000 (V8 keeps such a heap at most
   * twice its live size), or what `--max-old-space-size` gives the process. A record that needs
   * more gets a `bad_record` result; the batch goes on.
   */
  threadHeapMb?: number;
  /** Dotted path to the raw model text in each record. Default `output`. */
  field?: string;
  /** Dotted path to the record id. Default `id`. */
  idField?: string;
  /** Write `raw` on every success, not only when it differs from `data`. Default false. */
  includeRaw?: boolean;
  /**
   * For each record that fails as `truncated`, also write the value its text supports so far
   * (partial parsing, docs/streaming.md) and the state of each path still open, as the line's
   * `salvaged` field. The record stays a `truncated` failure, so retries and statistics keep
   * their meaning; `stats.salvaged` counts these records. Default false.
   */
  salvageTruncated?: boolean;
  /** Continue from `<output>.checkpoint.json` when present. */
  resume?: boolean;
  /** Overwrite an existing output (or one made with another version/contract). */
  force?: boolean;
  /** Where to write the statistics as JSON. */
  statsJson?: string;
  /** Chunks submitted but not yet committed. Default: 2 per thread (min 2); `(threads + 1) × 4` when the calling thread shares the work (see `threads`). */
  maxChunksInFlight?: number;
  onProgress?: (progress: BatchProgress) => void;
  /** Aborting stops reading, commits the chunks in flight, keeps the checkpoint. */
  signal?: AbortSignal;
  /** Only this byte range of a plain input (a shard of a queued batch); line numbers continue from its first line. */
  range?: InputRange;
  /** Refuse to run when the contract loaded here has another fingerprint (a queued shard on another machine). */
  expectFingerprint?: string;
  /** Base directory for a relative contract module. Default `process.cwd()`. */
  cwd?: string;
  /** How long the contract module may take to load, in ms. Default 30,000. */
  contractLoadTimeoutMs?: number;
  /**
   * Runtime context given to every record's `safeParse` (`options.context`): a plain JSON object
   * (ticket id, reference artifacts as text, labels) that the contract's normalization and
   * checks read. Sent to each thread once per run through shared memory; the output's metadata
   * records its fingerprint, and a resume with another context is refused. (A queued batch
   * cannot carry one yet: `@airlock/queue` does not pass it to its shards.)
   *
   * @example
   * await runBatch({ input: 'runs.jsonl', output: 'out.ndjson', contract, context: { ticket_id: 'T-42' } });
   */
  context?: Readonly<Record<string, unknown>>;
}

/** Outcome of a record in a diff: `valid_untouched`, `valid_repaired` or `failed:<class>`. */
export type RecordOutcome = 'valid_untouched' | 'valid_repaired' | `failed:${string}`;
