import { findExport, packagesPath, type Optional } from './try-import.js';

/** The subset of `@airlock/worker`'s options the bench passes. */
export interface BenchBatchOptions {
  input: string;
  output: string;
  contract: { module: string; export: string };
  threads: number;
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

/**
 * `runBatch` from the built worker (dist, which its pool threads need), else
 * from the package as resolved under the current conditions.
 *
 * @example
 * const batch = await loadRunBatch(); if (batch.available) await batch.value({ input, output, … });
 */
export async function loadRunBatch(): Promise<Optional<RunBatch>> {
  return findExport<RunBatch>('runBatch', [packagesPath('worker/dist/index.js'), '@airlock/worker']);
}
