/**
 * What crosses the queue: references only (paths, byte ranges, a contract's
 * module and export, its fingerprint), never records or results. Workers read
 * the log and write shard outputs on storage every machine sees.
 */
import type { BatchCounts, ContractRef } from '@airlock/worker';
import type { Shard } from './plan-shards.js';

/** Data of one shard job. */
export interface ShardJobData {
  /** Identifies the run: the same input, contract, options and shard size give the same id (resume finds its shards). */
  runId: string;
  shard: Shard;
  /** Absolute path of the run log, as every worker sees it. */
  input: string;
  /** Directory of the run's shard outputs (absolute). */
  shardDir: string;
  /** Contract module (absolute path or package name) and export. */
  contract: ContractRef;
  /** The fingerprint the submitter loaded; a worker whose own load differs refuses the job. */
  fingerprint: string;
  field: string;
  idField: string;
  includeRaw: boolean;
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

/** BullMQ forbids `:` in custom ids; a run id and an index never contain one. */
export function shardJobId(runId: string, index: number): string {
  return `${runId}-${index}`;
}

/** Shard files sort in input order by name. */
export function shardFileName(index: number, kind: 'records' | 'counts'): string {
  return `shard-${String(index).padStart(6, '0')}.${kind === 'records' ? 'ndjson' : 'counts.json'}`;
}
