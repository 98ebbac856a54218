/**
 * One shard on one machine: the local batch runner over the shard's byte
 * range (the submitter replaces the shard's metadata line with its own when it
 * merges). The output is written under a temporary name and renamed into
 * place, counts first, so a shard file that exists is complete: a retried or
 * duplicated shard job rewrites the same bytes and never loses or doubles a record.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBatch, type BatchPool } from '@airlock/worker';
import type { AdmittedShardJob } from './admit-shard-job.js';
import { shardFileName, type ShardCounts, type ShardJobProgress, type ShardJobResult } from './shard-job.js';

/** Options of {@link processShard}. */
export interface ProcessShardOptions {
  /** Worker threads of a pool made for this shard; 0 runs inline. Not with `pool`. */
  threads?: number;
  /** Threads shared by every shard a worker runs (from `createBatchPool`): warm after the first. */
  pool?: BatchPool;
  onProgress?: (progress: ShardJobProgress) => void;
  /** Unique per attempt, so two workers running the same shard never share a temporary file. */
  attemptTag: string;
}

/**
 * Processes an admitted shard (see `admitShardJob`: real paths under the worker's roots) and
 * commits its output atomically.
 *
 * @example
 * const admitted = await admitShardJob(job.data, job.id, roots);
 * const { records } = await processShard(admitted, { threads: 2, attemptTag: `${process.pid}-${job.attemptsStarted}` });
 */
export async function processShard(job: AdmittedShardJob, options: ProcessShardOptions): Promise<ShardJobResult> {
  const { data } = job;
  const records = join(job.shardDir, shardFileName(data.shard.index, 'records'));
  const counts = join(job.shardDir, shardFileName(data.shard.index, 'counts'));
  const temporary = `${records}.${options.attemptTag}.tmp`;
  try {
    const stats = await runBatch({
      input: job.input,
      output: temporary,
      contract: job.contract,
      field: data.field,
      idField: data.idField,
      range: data.shard,
      includeRaw: data.includeRaw,
      salvageTruncated: data.salvageTruncated === true,
      expectFingerprint: data.contract.fingerprint,
      force: true,
      ...(job.context === undefined ? {} : { context: job.context }),
      ...(options.threads !== undefined ? { threads: options.threads } : {}),
      ...(options.pool !== undefined ? { pool: options.pool } : {}),
      ...(options.onProgress !== undefined ? { onProgress: (progress) => options.onProgress?.({ records: progress.records }) } : {}),
    });
    const { complete, resumedFrom, threads, elapsedMs, recordsPerSecond, mbPerSecond, ...batchCounts } = stats;
    const shardCounts: ShardCounts = { shard: data.shard, counts: batchCounts };
    await writeFile(`${counts}.${options.attemptTag}.tmp`, `${JSON.stringify(shardCounts)}\n`);
    await rename(`${counts}.${options.attemptTag}.tmp`, counts);
    await rename(temporary, records);
    return { records: stats.records, bytes: data.shard.end - data.shard.start };
  } finally {
    await rm(temporary, { force: true });
    await rm(`${counts}.${options.attemptTag}.tmp`, { force: true });
  }
}
