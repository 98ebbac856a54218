/**
 * What every suite gets from the runner: mode, seed, measuring budget, progress log and
 * directories. Apart from suite.ts so that the recorder, which reads it, and the suite
 * contract, which names the recorder, do not import each other.
 */
import type { Budget } from '../measure/measure-task.js';

export interface SuiteContext {
  mode: 'quick' | 'full';
  seed: number;
  /** How many times the macro suites repeat their passes (they report medians). */
  rounds: number;
  /** Measuring budget for a task processing `bytes` per call. */
  budget(bytes: number): Budget;
  /** Progress line on stderr. */
  log(message: string): void;
  /** Where generated logs are cached (packages/bench/corpus). */
  corpusDir: string;
  /** Scratch directory for outputs, removed by the runner. */
  tmpDir: string;
}
