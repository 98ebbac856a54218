/**
 * V8 flags the `airlock` command sets for its own process (process-wide, so never the
 * libraries). A flag the user gives — `node --flag`, `NODE_OPTIONS` — wins over the command's.
 */
import { setFlagsFromString } from 'node:v8';

/** V8's major version: flags differ between V8 11 (Node 20) and 12+ (Node 22 and later). */
const V8_MAJOR = Number(process.versions.v8.split('.')[0]);

/** V8 11's own interrupt budget (Node 20), which the command's start-up tuning raises. */
const V8_DEFAULT_INTERRUPT_BUDGET = 67_584;

/**
 * Sets `flag` (e.g. `--no-parallel-scavenge`) unless the user gave an option naming `name`;
 * returns whether it was set.
 *
 * @example
 * setFlagUnlessGiven('parallel-scavenge', '--no-parallel-scavenge'); // false under `node --parallel-scavenge`
 */
export function setFlagUnlessGiven(name: string, flag: string): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (given.includes(name)) return false;
  setFlagsFromString(flag);
  return true;
}

/**
 * The command's start-up tuning, set before its large modules load. The pipeline's hot code is
 * large, and on two cores the optimizing compiler's background work competes with the batch:
 * - a smaller TurboFan inlining budget: 20 MB log 2.25 -> 2.07 s inline, 2.55 -> 2.26 s on
 *   2 threads; 200 MB on 2 threads 9.97 -> 9.06 s;
 * - optimizing after four times the default feedback (the interrupt budget): each worker thread
 *   compiles less while it warms up. 20 MB on 2 threads 2.18 -> 1.90 s, 200 MB unchanged. A
 *   large run inline gives it back (see {@link restoreInterruptBudget}).
 * Both were measured on Node 20 (V8 11). V8 12 (Node 22) has no interrupt budget (it counts
 * invocations, and tiers up through Maglev), and an unknown flag prints an error on every start:
 * only flags this V8 has are set.
 *
 * @example
 * applyStartupTuning(); // in bin/airlock.mjs, before `main` is imported
 */
export function applyStartupTuning(): void {
  setFlagUnlessGiven('max-inlined-bytecode-size-cumulative', '--max-inlined-bytecode-size-cumulative=100');
  if (V8_MAJOR <= 11) setFlagUnlessGiven('interrupt-budget', `--interrupt-budget=${4 * V8_DEFAULT_INTERRUPT_BUDGET}`);
}

/**
 * Gives a run V8's own interrupt budget back (V8 11; later V8s have none to give). A run inline
 * leaves a core idle, where V8 compiles optimized code in the background, so optimizing early
 * costs the run nothing and its records reach fast code sooner. Main-thread CPU, fresh
 * processes, 4–5 alternating runs each (2026-11-28, 0.1.0, 2 cores): 20 MB inline 1.02–1.03 ->
 * 0.88–0.94 s, 32 MB 1.37–1.43 -> 1.20–1.24 s; 1 and 4 MB unchanged, at more compiling on the
 * idle core. Returns whether it was set.
 *
 * @example
 * restoreInterruptBudget(); // true on Node 20 unless the user gave --interrupt-budget
 */
export function restoreInterruptBudget(): boolean {
  return V8_MAJOR <= 11 && setFlagUnlessGiven('interrupt-budget', `--interrupt-budget=${V8_DEFAULT_INTERRUPT_BUDGET}`);
}
