/**
 * Zod 4 compiles a fast check (`new Function`) for each object schema on its first parse. In a
 * warm process that halves the cost of a valid object; in a fresh one every compiled check runs
 * in the interpreter until it is hot, and a contract has dozens of them, in every thread. Zod's
 * generic path (its `jitless` setting) is one shared code path that warms up once.
 *
 * Measured with `airlock batch` on 2 cores (fresh processes, Node 20): 20 MB inline 4.5 %
 * faster, 64 MB on 2 threads 2.7 % faster, 200 MB on 2 threads unchanged; a warm pool that has
 * seen 100 MB per thread runs about 8 % slower without the compiled checks. So `airlock batch`
 * turns it on for runs under 256 MiB (tune-zod-for-run.ts), not for the long-lived `airlock
 * worker`; a library's pools leave the user's Zod as it is unless `AIRLOCK_ZOD_JITLESS=1` is
 * set. Verdicts and values are the same either way.
 *
 * Applied in each worker thread as its pipeline module loads (worker.ts), before any task loads a contract.
 */

/** The environment variable that turns Zod's compiled checks off in the threads of a batch (`1`). */
export const ZOD_JITLESS_ENV = 'AIRLOCK_ZOD_JITLESS';

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
