/**
 * Which runs of the `airlock` command take Zod's generic path (see zod-tuning.ts): short ones,
 * which a fresh process spends much of warming up.
 */
import { ZOD_JITLESS_ENV } from './zod-tuning.js';

/**
 * Inputs from this size on keep Zod's compiled checks: warm, they validate faster (a 2-thread
 * pool's passes over the 20 MB log settled about 8 % faster with them), and by 200 MB the
 * warm-up they cost is paid back (measured even there).
 */
export const ZOD_JITLESS_BELOW_BYTES = 256 * 1024 * 1024;

/**
 * Sets `AIRLOCK_ZOD_JITLESS=1` for a run of `inputBytes` of plain text (see `plainSizeOf`;
 * undefined when unknown, as for stdin) when the variable is not set already and the run is
 * under {@link ZOD_JITLESS_BELOW_BYTES}; returns whether the variable is now `1`. The `airlock
 * batch` command calls it before its run loads the contract or starts threads.
 *
 * @example
 * tuneZodForRun(await plainSizeOf(['day.jsonl'])); // true for a 20 MB log: AIRLOCK_ZOD_JITLESS=1 for this process and its threads
 */
export function tuneZodForRun(inputBytes: number | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[ZOD_JITLESS_ENV] === undefined && inputBytes !== undefined && inputBytes < ZOD_JITLESS_BELOW_BYTES) env[ZOD_JITLESS_ENV] = '1';
  return env[ZOD_JITLESS_ENV] === '1';
}
