import { findExport, packagesPath, type Optional } from './try-import.js';

/** The subset of `@airlock/worker`'s options the bench passes. */
export interface BenchBatchOptions {
  input: string;
  output: string;
  contract: { module: string; export: string };
  /** Threads of a pool made for the run; not with `pool`. */
  threads?: number;
  /** A pool from {@link loadCreateBatchPool}, shared between runs. */
  pool?: BenchBatchPool;
  chunkSize?: number;
  field: string;
  force: boolean;
}

/** The subset of its statistics the bench reads (all optional: the shape may still move). */
export interface BenchBatchStats {
  records?: number;
  failed?: number;
  validUntouched?: number;
  validRepaired?: number;
  elapsedMs?: number;
}

export type RunBatch = (options: BenchBatchOptions) => Promise<BenchBatchStats | undefined>;

/** What the bench uses of `@airlock/worker`'s `BatchPool`. */
export interface BenchBatchPool {
  close(): Promise<void>;
}

export type CreateBatchPool = (options: { threads: number }) => BenchBatchPool;

/** Where both are looked up, in order: one module, so a pool made by one is known to the other. */
const WORKER_MODULES = [packagesPath('worker/dist/index.js'), '@airlock/worker'];

/**
 * `runBatch` from the built worker (dist, which its pool threads need), else
 * from the package as resolved under the current conditions.
 *
 * @example
 * const batch = await loadRunBatch(); if (batch.available) await batch.value({ input, output, … });
 */
export async function loadRunBatch(): Promise<Optional<RunBatch>> {
  return findExport<RunBatch>('runBatch', WORKER_MODULES);
}

/**
 * `createBatchPool` from the same module as {@link loadRunBatch}'s `runBatch`.
 *
 * @example
 * const make = await loadCreateBatchPool(); if (make.available) { const pool = make.value({ threads: 2 }); … await pool.close(); }
 */
export async function loadCreateBatchPool(): Promise<Optional<CreateBatchPool>> {
  return findExport<CreateBatchPool>('createBatchPool', WORKER_MODULES);
}
