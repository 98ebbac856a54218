/**
 * A pool of worker threads that outlives one run. A fresh thread pays its
 * start-up and then runs its first megabytes of log several times slower
 * than later ones, while V8 learns and compiles the pipeline's hot code
 * (measured: about 7 MB of log per thread); a pool that several runs share
 * pays that once. A service, or a script that re-processes many logs one
 * after another, keeps one pool and hands it to each `runBatch`.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import { relayWorkerWarnings } from './worker-warnings.js';
import { BatchError, checkInteger } from './batch-error.js';
import type { ChunkOutput } from './process-chunk.js';
import type { BatchPool } from './types.js';
import type { ChunkTask } from './worker.js';
import { workerExecArgv } from './worker-exec-argv.js';
import { workerResourceLimits } from './worker-resource-limits.js';

/**
 * Piscina needs a JavaScript file, so it always loads the built worker entry (CommonJS,
 * see `worker-entry.cts`): from `dist/` this URL points at the sibling file, from `src/`
 * (tests) at the build output. Tests of the pool therefore need `build` first (turbo's
 * `test` task depends on it).
 */
export const WORKER_URL = new URL('../dist/worker-entry.cjs', import.meta.url);

/**
 * Most worker threads a run or a pool may start. Measured on a 2-core machine (Node 20, a pool running one
 * small chunk per thread): 32 threads ran a batch in 11 s at 0.85 GB peak RSS, 48 and 64 ran but
 * slower (1.2 and 1.5 GB); 96 failed inside Node (ERR_INTERNAL_ASSERTION while the threads
 * loaded their module) and 128 aborted V8 once (IsGraphAsync, exit 134) and passed once. So
 * the limit is half of the largest count that never failed; past a few threads per core they
 * only add contention anyway.
 */
export const MAX_THREADS = 32;

/**
 * Checks a thread count (at least `min`, at most {@link MAX_THREADS}) in one line.
 *
 * @example
 * checkThreads(64, 1) // throws BatchError: threads must be at most 32, got 64: …
 */
export function checkThreads(threads: number, min: number): void {
  if (Number.isInteger(threads) && threads > MAX_THREADS) {
    throw new BatchError('usage', `threads must be at most ${MAX_THREADS}, got ${threads}: more worker threads than that can exhaust V8's process-wide limits and abort the process`);
  }
  checkInteger('threads', threads, min, MAX_THREADS);
}

/**
 * One thread per available core, at most {@link MAX_THREADS} (a 64-core machine gets 32): the
 * default wherever threads are not given.
 *
 * @example
 * threadsPerCore() // 2 on a 2-core machine
 */
export function threadsPerCore(): number {
  return Math.min(availableParallelism(), MAX_THREADS);
}

/** Options of {@link createBatchPool}. */
export interface BatchPoolOptions {
  /** Worker threads, at least 1. */
  threads: number;
  /** Old-generation heap of each thread in MB (see `RunBatchOptions.threadHeapMb`). */
  threadHeapMb?: number;
}


/**
 * What a run needs of a pool's threads. Declared here rather than as Piscina's own type, so the
 * published declarations never import `piscina`'s (which do not compile under
 * `exactOptionalPropertyTypes` in a user's project).
 */
export interface PoolThreads {
  run(task: ChunkTask, options: { transferList?: ArrayBuffer[] }): Promise<ChunkOutput>;
}

/**
 * Piscina, loaded when the first pool starts: a run inline (the CLI's default on small logs)
 * never pays its 18 ms of module loading. (CommonJS, so `require` loads it synchronously.)
 */
function loadPiscina(): typeof Piscina {
  return (createRequire(import.meta.url)('piscina') as { Piscina: typeof Piscina }).Piscina;
}

/** The Piscina behind each open pool (kept out of the public type). */
const pools = new WeakMap<BatchPool, Piscina<ChunkTask, ChunkOutput>>();

/**
 * Starts worker threads for {@link runBatch} runs to share: pass the pool as
 * `pool`, and close it when done. Each run still loads its own contract (a
 * thread keeps every contract it loaded), so runs with different contracts may
 * share a pool, even at the same time.
 *
 * @example
 * const pool = createBatchPool({ threads: 2 });
 * try {
 *   for (const day of ['2026-11-01.jsonl', '2026-11-02.jsonl']) {
 *     await runBatch({ input: day, output: `${day}.ndjson`, contract, pool });
 *   }
 * } finally {
 *   await pool.close();
 * }
 */
export function createBatchPool(options: BatchPoolOptions): BatchPool {
  return startBatchPool(options, 1);
}

/**
 * {@link createBatchPool} with `tasksPerThread` chunks sent to each thread at once (the rest wait
 * in the pool's queue): a run's own pool whose calling thread also parses keeps several on each
 * thread, so a thread never waits for the busy calling thread to hand it the next.
 *
 * @example
 * startBatchPool({ threads: 1 }, CHUNKS_QUEUED_PER_WORKER)
 */
export function startBatchPool(options: BatchPoolOptions, tasksPerThread: number): BatchPool {
  const { threads, threadHeapMb } = options;
  checkThreads(threads, 1);
  if (!existsSync(WORKER_URL)) {
    throw new BatchError('worker', `the worker thread file is not built (${fileURLToPath(WORKER_URL)}); run the build first`);
  }
  // Opened first: a thread may warn as soon as it starts (see worker-warnings.ts).
  const releaseWarnings = relayWorkerWarnings();
  let piscina: Piscina<ChunkTask, ChunkOutput>;
  try {
    piscina = new (loadPiscina())<ChunkTask, ChunkOutput>({
      filename: WORKER_URL.href,
      name: 'runChunkTask',
      minThreads: threads,
      maxThreads: threads,
      // Threads are the warm state a pool exists to keep: never reaped while it is open.
      idleTimeout: Infinity,
      // A thread runs its chunks one after another whatever this says (a chunk is synchronous work).
      concurrentTasksPerWorker: tasksPerThread,
      resourceLimits: workerResourceLimits(process.execArgv, process.env.NODE_OPTIONS ?? '', threadHeapMb),
      execArgv: workerExecArgv(),
    });
  } catch (error) {
    releaseWarnings();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const pool: BatchPool = {
    threads,
    close: () => {
      pools.delete(pool);
      return (closing ??= piscina.destroy().finally(releaseWarnings));
    },
  };
  pools.set(pool, piscina);
  return pool;
}

/**
 * The threads of an open pool.
 *
 * @example
 * threadsOf(pool).run(task, {})
 */
export function threadsOf(pool: BatchPool): PoolThreads {
  const piscina = pools.get(pool);
  if (piscina === undefined) throw new BatchError('usage', 'the batch pool is closed (or was not made by createBatchPool)');
  return piscina;
}
