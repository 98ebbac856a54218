/**
 * Zod 4 compiles a fast check (`new Function`) for each object schema on its first parse. In a
 * warm process that halves the cost of a valid object; in a fresh one every compiled check runs
 * in the interpreter until it is hot, and a contract has dozens of them, in every thread. Zod's
 * generic path (its `jitless` setting) is one shared code path that warms up once.
 *
 * Measured with `airlock batch` on 2 cores (fresh processes, Node 20): 20 MB inline 4.5 %
 * faster, 64 MB on 2 threads 2.7 % faster, 200 MB on 2 threads unchanged; a warm pool that has
 * seen 100 MB per thread runs about 8 % slower without the compiled checks. So `airlock batch`
 * turns it on for runs under {@link ZOD_JITLESS_BELOW_BYTES} (not the long-lived `airlock
 * worker`); a library's pools leave the user's Zod as it is unless `AIRLOCK_ZOD_JITLESS=1` is
 * set. Verdicts and values are the same either way.
 *
 * Applied in each worker thread as its pipeline module loads (worker.ts), before any task loads a contract.
 */

/** The environment variable that turns Zod's compiled checks off in the threads of a batch (`1`). */
export const ZOD_JITLESS_ENV = 'AIRLOCK_ZOD_JITLESS';

/**
 * Inputs from this size on keep Zod's compiled checks: warm, they validate faster (a 2-thread
 * pool's passes over the 20 MB log settled about 8 % faster with them), and by 200 MB the
 * warm-up they cost is paid back (measured even there).
 */
export const ZOD_JITLESS_BELOW_BYTES = 256 * 1024 * 1024;

/**
 * Sets `AIRLOCK_ZOD_JITLESS=1` for a run of `inputBytes` (undefined: unknown, as for stdin)
 * when the variable is not set already and the run is short enough to gain; returns whether
 * the variable is now `1`. The `airlock batch` command calls it before its run starts.
 *
 * @example
 * tuneZodForRun(20 * 1024 * 1024); // true: AIRLOCK_ZOD_JITLESS=1 for this process and its threads
 */
export function tuneZodForRun(inputBytes: number | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[ZOD_JITLESS_ENV] === undefined && inputBytes !== undefined && inputBytes < ZOD_JITLESS_BELOW_BYTES) env[ZOD_JITLESS_ENV] = '1';
  return env[ZOD_JITLESS_ENV] === '1';
}

/**
 * Applies `AIRLOCK_ZOD_JITLESS=1` to this thread's Zod (its global configuration, which Zod 4
 * keeps on `globalThis`), before any contract builds its schemas. A `jitless` value already set
 * (by `z.config`) is left alone.
 *
 * @example
 * process.env.AIRLOCK_ZOD_JITLESS = '1';
 * applyZodTuning(); // true: schemas built from now on take Zod's generic path
 */
export function applyZodTuning(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[ZOD_JITLESS_ENV] !== '1') return false;
  const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  const config = (host.__zod_globalConfig ??= {});
  config.jitless ??= true;
  return config.jitless;
}
