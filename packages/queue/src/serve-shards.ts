/**
 * `airlock worker`: takes shard jobs from the queue and runs each with the
 * local pool. Safe to kill at any moment: a job whose worker died is moved
 * back to the queue by BullMQ's stalled-job check and retried elsewhere, and
 * shard outputs are committed by rename, so a retry neither loses nor doubles
 * records. Every job is admitted first (`admitShardJob`): it may only name
 * files under the worker's roots.
 */
import { Worker, type ConnectionOptions } from 'bullmq';
import { hostname } from 'node:os';
import { createBatchPool, threadsPerCore } from '@airlock/worker';
import type { ProcessShardOptions } from './process-shard.js';
import { DEFAULT_QUEUE_NAME, type ShardJobData, type ShardJobResult } from './shard-job.js';
import { printable, shardProcessor, type ShardEvent } from './shard-processor.js';
import { resolveRoots, type WorkerRoots } from './worker-roots.js';

export type { ShardEvent } from './shard-processor.js';

/** Options of {@link serveShards}. */
export interface ServeShardsOptions {
  connection: ConnectionOptions;
  queueName?: string;
  /**
   * Directories every path of a job must resolve into (symlinks followed): its input, contract
   * module and shard directory. Default: the working directory.
   */
  roots?: readonly string[];
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
  /** Called when the connection to Redis is lost or fails (at most every 10 s for the same message); it reconnects by itself. */
  onConnectionError?: (message: string) => void;
  /** Stops taking jobs; the one in hand finishes, then {@link serveShards} resolves. */
  signal?: AbortSignal;
}

/** A worker's name in Redis (`airlock queue status` lists it): host and process, as CLIENT SETNAME allows. */
function workerName(): string {
  return `${hostname()}-${process.pid}`.replace(/[^\w.-]/g, '_');
}

/**
 * Serves shard jobs until `signal` aborts (then finishes the job in hand and closes).
 *
 * @example
 * const stop = new AbortController();
 * process.on('SIGTERM', () => stop.abort());
 * await serveShards({ connection: redisConnection('redis://127.0.0.1:6379'), roots: ['/srv/airlock'], threads: 2, signal: stop.signal });
 */
export async function serveShards(options: ServeShardsOptions): Promise<void> {
  const roots = await resolveRoots(options.roots ?? [process.cwd()]);
  const cores = threadsPerCore();
  const threads = options.threads ?? (cores > 1 ? cores : 0);
  const pool = threads > 0 ? createBatchPool({ threads }) : undefined;
  try {
    await serveWith(options, roots, pool === undefined ? { threads: 0 } : { pool });
  } finally {
    await pool?.close();
  }
}

/** Reports connection errors once per message and 10 s, not on every reconnection attempt. */
function connectionReporter(report: ((message: string) => void) | undefined): (error: Error) => void {
  let last = '';
  let at = 0;
  return (error) => {
    const message = printable(error.message);
    if (report === undefined || (message === last && Date.now() - at < 10_000)) return;
    last = message;
    at = Date.now();
    report(message);
  };
}

async function serveWith(options: ServeShardsOptions, roots: WorkerRoots, place: Pick<ProcessShardOptions, 'threads' | 'pool'>): Promise<void> {
  const processor = shardProcessor({ roots, place, ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }) });
  const lockDuration = options.lockMs ?? 30_000;
  const worker = new Worker<ShardJobData, ShardJobResult>(options.queueName ?? DEFAULT_QUEUE_NAME, processor, {
    connection: options.connection,
    name: workerName(),
    concurrency: 1,
    lockDuration,
    stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
    // A shard whose worker died twice (or lost its lock in a Redis outage) still gets another try.
    maxStalledCount: 2,
    autorun: false,
  });
  const reportConnection = connectionReporter(options.onConnectionError);
  worker.on('error', reportConnection);
  // ioredis reconnects on its own and says so only by this event: a worker's log should show the outage.
  worker.on('ioredis:close', () => reportConnection(new Error('connection to Redis lost')));
  const closed = new Promise<void>((resolve) => {
    // close() lets the job in hand finish and takes no new one.
    const close = (): void => void worker.close().then(resolve, resolve);
    if (options.signal?.aborted === true) close();
    options.signal?.addEventListener('abort', close, { once: true });
  });
  await Promise.race([worker.run(), closed]);
  await closed;
}
