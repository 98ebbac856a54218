/**
 * What a suite is and what it gets. To add a suite: write `suites/<name>-suite.ts`
 * exporting a {@link Suite}, and list it in `suites/index.ts`. Use
 * `ctx.optional` pieces only through their loaders, and record a row as
 * unavailable instead of failing when one is missing.
 */
import type { Budget } from '../measure/measure-task.js';
import type { SuiteRecorder } from './suite-recorder.js';

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

export interface Suite {
  name: string;
  description: string;
  run(ctx: SuiteContext, record: SuiteRecorder): Promise<void>;
}
