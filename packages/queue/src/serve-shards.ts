/**
 * `airlock worker`: takes shard jobs from the queue and runs each with the
 * local pool. Safe to kill at any moment: a job whose worker died is moved
 * back to the queue by BullMQ's stalled-job check and retried elsewhere, and
 * shard outputs are committed by rename, so a retry neither loses nor doubles records.
 */
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { hostname } from 'node:os';
import { BatchError, createBatchPool, threadsPerCore } from '@airlock/worker';
import { processShard, type ProcessShardOptions } from './process-shard.js';
import { DEFAULT_QUEUE_NAME, SHARD_JOB_NAME, type ShardJobData, type ShardJobResult } from './shard-job.js';

/** Options of {@link serveShards}. */
export interface ServeShardsOptions {
  connection: ConnectionOptions;
  queueName?: string;
  /**
   * Threads of the local pool, started once and shared by every shard this worker runs (a fresh
   * thread spends its first megabytes warming up: with a pool per shard, every shard would pay
   * that); 0 runs inline. Default: one per core, inline on a single core.
   */
  threads?: number;
  /** How long a job's lock lasts without renewal before another worker may take it over. Default 30 s. */
  lockMs?: number;
  /** Called when a shard starts, progresses, ends or fails (for the terminal). */
  onEvent?: (event: ShardEvent) => void;
  signal?: AbortSignal;
}

/** What a worker reports about its jobs. */
export type ShardEvent =
  | { type: 'started'; jobId: string; shard: number; attempt: number }
  | { type: 'completed'; jobId: string; shard: number; records: number }
  | { type: 'failed'; jobId: string; shard: number; reason: string };

/**
 * Serves shard jobs until `signal` aborts (then finishes the job in hand and closes).
 *
 * @example
 * const stop = new AbortController();
 * process.on('SIGTERM', () => stop.abort());
 * await serveShards({ connection: redisConnection('redis://127.0.0.1:6379'), threads: 2, signal: stop.signal });
 */
export async function serveShards(options: ServeShardsOptions): Promise<void> {
  const cores = threadsPerCore();
  const threads = options.threads ?? (cores > 1 ? cores : 0);
  const pool = threads > 0 ? createBatchPool({ threads }) : undefined;
  try {
    await serveWith(options, pool === undefined ? { threads: 0 } : { pool });
  } finally {
    await pool?.close();
  }
}

async function serveWith(options: ServeShardsOptions, place: Pick<ProcessShardOptions, 'threads' | 'pool'>): Promise<void> {
  const { onEvent } = options;
  const processor = async (job: Job<ShardJobData, ShardJobResult>): Promise<ShardJobResult> => {
    if (job.name !== SHARD_JOB_NAME) throw new UnrecoverableError(`not an Airlock shard job: ${job.name}`);
    const shard = job.data.shard.index;
    const jobId = job.id ?? '?';
    onEvent?.({ type: 'started', jobId, shard, attempt: job.attemptsStarted });
    try {
      const result = await processShard(job.data, {
        ...place,
        attemptTag: `${hostname()}-${process.pid}-${job.attemptsStarted}`,
        onProgress: (progress) => void job.updateProgress(progress).catch(() => {}),
      });
      onEvent?.({ type: 'completed', jobId, shard, records: result.records });
      return result;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      onEvent?.({ type: 'failed', jobId, shard, reason });
      // A contract that does not match, or cannot load, fails the same way on every retry.
      if (error instanceof BatchError && (error.kind === 'contract' || error.kind === 'usage')) throw new UnrecoverableError(reason);
      throw error instanceof Error ? error : new Error(reason);
    }
  };
  const lockDuration = options.lockMs ?? 30_000;
  const worker = new Worker<ShardJobData, ShardJobResult>(options.queueName ?? DEFAULT_QUEUE_NAME, processor, {
    connection: options.connection,
    concurrency: 1,
    lockDuration,
    stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
    autorun: false,
  });
  worker.on('error', () => {});
  const closed = new Promise<void>((resolve) => {
    const close = (): void => void worker.close().then(resolve, resolve);
    if (options.signal?.aborted === true) close();
    options.signal?.addEventListener('abort', close, { once: true });
  });
  await Promise.race([worker.run(), closed]);
  await closed;
}
