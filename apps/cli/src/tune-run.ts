/**
 * What the `airlock batch` command sets for its own process before a run starts, from the run's
 * size and thread count: Zod's generic path for short runs (see `tuneZodForRun`); when the
 * run's threads will keep every core busy, V8's scavenges on the collecting thread alone; and
 * for a large run inline, V8's own interrupt budget (see `restoreInterruptBudget`).
 *
 * Parallel scavenging hands part of each young-generation collection to V8's helper threads. With
 * a core left idle (a run inline) that is free; with every core running a worker it only competes
 * with them. Measured 2026-11-27 (0.1.0, 2 cores, fresh processes, A/B): `--no-parallel-scavenge`
 * made 64 MB and 200 MB runs on 2 threads 2–3 % faster, and a 1 MB run inline 3.6 % slower.
 * A process-wide V8 flag, so only the command sets it, and a user's own flag wins.
 */
import { availableParallelism } from 'node:os';
import { INLINE_BELOW_BYTES, plainSizeOf, threadsForSize, threadsPerCore, tuneZodForRun } from '@airlock/worker';
import { restoreInterruptBudget, setFlagUnlessGiven } from './v8-flags.js';

/**
 * Whether a run keeps every core busy with worker threads: `threads` as `--threads` gives it (-1
 * when not given), `inputBytes` the run's plain size (undefined for stdin, which gets threads).
 *
 * @example
 * fillsEveryCore(-1, 200 * 1024 * 1024, 2) // true: one thread per core
 * fillsEveryCore(-1, 20 * 1024 * 1024, 2)  // false: inline
 */
export function fillsEveryCore(threads: number, inputBytes: number | undefined, cores: number = availableParallelism()): boolean {
  // The batch's own rule: the CLI runs a log below INLINE_BELOW_BYTES inline, `--threads n` or not.
  return threadsForSize(inputBytes, threads < 0 ? threadsPerCore() : threads, INLINE_BELOW_BYTES) >= cores;
}

/**
 * Tunes this process for a run over `files` with `--threads` as given (-1 when not); to be called
 * before the run loads its contract or starts threads.
 *
 * @example
 * await tuneForRun(['day.jsonl'], -1);
 */
export async function tuneForRun(files: readonly string[], threads: number): Promise<void> {
  const bytes = await plainSizeOf(files);
  tuneZodForRun(bytes);
  if (fillsEveryCore(threads, bytes)) setFlagUnlessGiven('parallel-scavenge', '--no-parallel-scavenge');
  else if (optimizesEarly(bytes)) restoreInterruptBudget();
}

/**
 * Below this plain size a run inline keeps the command's raised interrupt budget: from 1 to 4 MB
 * the earlier optimizing bought no time and cost more compiling (measured with restoreInterruptBudget).
 */
export const EARLY_OPTIMIZING_FROM_BYTES = 8 * 1024 * 1024;

/**
 * Whether a run goes inline by the size rule (below `INLINE_BELOW_BYTES`, whatever `--threads`
 * says) and is large enough that optimizing early on the idle core pays. A larger log run inline
 * on request (`--threads 0`) keeps the start-up tuning: the size rule's threshold was measured
 * with it (inline against 2 threads, 64 and 100 MB), and moving one side alone would move the
 * crossover the threshold stands for.
 *
 * @example
 * optimizesEarly(20 * 1024 * 1024)  // true: inline, 20 MB
 * optimizesEarly(4 * 1024 * 1024)   // false: too small to pay
 * optimizesEarly(200 * 1024 * 1024) // false: on threads, or inline on request
 */
export function optimizesEarly(inputBytes: number | undefined): boolean {
  // The worker's size rule itself (any thread count): inline means below its threshold.
  return inputBytes !== undefined && inputBytes >= EARLY_OPTIMIZING_FROM_BYTES && threadsForSize(inputBytes, 1, INLINE_BELOW_BYTES) === 0;
}
