/**
 * The V8 heap limits of a batch's worker threads. Chunk garbage is short-lived
 * and a thread's live data is small (about 15 MB), so the limits are chosen for
 * peak RSS, measured with the generated bench logs on 2 cores.
 */
import type { ResourceLimits } from 'node:worker_threads';

/**
 * Young generation of each thread, in MB (V8's default is larger). On a 32 MB log with
 * 2 threads it took peak RSS from 507 to 440 MB and wall time from 6.6 to 5.4 s.
 */
export const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * Old generation cap of each thread, in MB: just under 2 GiB. From 2 GiB on, V8 lets a
 * heap grow to four times its live size before a full collection; under it, to at most
 * twice. On the 200 MB bench log with 2 threads that took peak RSS from about 275 to
 * 220 MB at the same speed (a 1 GiB cap saves no more). A record needing more than this
 * (a hostile 15 MB output can) gets a `bad_record` result (see retry-out-of-memory.ts); a
 * user's own `--max-old-space-size`, or `threadHeapMb`, applies to the threads instead.
 */
export const WORKER_OLD_GENERATION_MB = 2000;

/** Whether the process was started with its own old-space size (node flag or NODE_OPTIONS). */
function userSetsOldSpace(execArgv: readonly string[], nodeOptions: string): boolean {
  return [...execArgv, nodeOptions].some((flag) => /--max[-_]old[-_]space[-_]size\b/.test(flag));
}

/**
 * The `resourceLimits` each worker thread is started with.
 *
 * @example
 * workerResourceLimits([], '') // { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 2000 }
 * workerResourceLimits(['--max-old-space-size=8192'], '') // { maxYoungGenerationSizeMb: 16 }
 * workerResourceLimits([], '', 512) // { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 512 } (RunBatchOptions.threadHeapMb)
 */
export function workerResourceLimits(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? '', oldGenerationMb?: number): ResourceLimits {
  if (oldGenerationMb !== undefined) return { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: oldGenerationMb };
  return {
    maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
    ...(!userSetsOldSpace(execArgv, nodeOptions) && { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB }),
  };
}
