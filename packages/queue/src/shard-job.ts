/**
 * What crosses the queue: references only (paths, byte ranges, a contract's
 * module and export, fingerprints), never records or results. Workers read
 * the log and write shard outputs on storage every machine sees.
 */
import type { BatchCounts } from '@airlock/worker';
import type { Shard } from './plan-shards.js';

/** Version of the job layout: a worker refuses a job of another layout (another Airlock version) by name. */
export const SHARD_JOB_FORMAT = 1;

/**
 * Data of one shard job. A worker trusts none of it: it is checked against a schema, every
 * path must resolve under one of the worker's roots, and every fingerprint must match what the
 * worker finds on disk before anything is imported or written (see `admitShardJob`).
 */
export interface ShardJobData {
  format: typeof SHARD_JOB_FORMAT;
  /** Identifies the run: the same input, contract, context, options and shard size give the same id (resume finds its shards). */
  runId: string;
  shard: Shard;
  /** The run log, as every worker sees it (an absolute path), and its fingerprint when the run was submitted. */
  input: { path: string; fingerprint: string };
  /** Directory of the run's shard outputs (absolute; its name ends in `.shards`). */
  shardDir: string;
  /**
   * The contract: its module file (an absolute path), export, the sha256 of the module file
   * (checked before the module is imported) and the fingerprint of its schema (checked after).
   */
  contract: { module: string; export: string; digest: string; fingerprint: string };
  /** The run's context, by fingerprint; its canonical JSON is `context.json` in the shard directory. */
  context?: { fingerprint: string };
  field: string;
  idField: string;
  includeRaw: boolean;
  /** Write the partial value of each `truncated` failure (`RunBatchOptions.salvageTruncated`); absent means false. */
  salvageTruncated?: boolean;
}

/** Return value of a shard job. */
export interface ShardJobResult {
  records: number;
  bytes: number;
}

/** Progress a worker reports on a shard job. */
export interface ShardJobProgress {
  records: number;
}

/** What a shard leaves on disk beside its records, written before the records are renamed into place. */
export interface ShardCounts {
  shard: Shard;
  counts: BatchCounts;
}

/** Job name of every shard job. */
export const SHARD_JOB_NAME = 'airlock-shard';

/** Default queue name; `--queue-name` picks another. */
export const DEFAULT_QUEUE_NAME = 'airlock-batch';

/** Suffix of every shard directory: a worker writes nowhere else. */
export const SHARD_DIR_SUFFIX = '.shards';

/** Name of the run's context file inside its shard directory. */
export const CONTEXT_FILE_NAME = 'context.json';

/** BullMQ forbids `:` in custom ids; a run id and an index never contain one. */
export function shardJobId(runId: string, index: number): string {
  return `${runId}-${index}`;
}

/** Shard files sort in input order by name. */
export function shardFileName(index: number, kind: 'records' | 'counts'): string {
  return `shard-${String(index).padStart(6, '0')}.${kind === 'records' ? 'ndjson' : 'counts.json'}`;
}
