/**
 * What a suite is and what it gets. To add a suite: write `suites/<name>-suite.ts`
 * exporting a {@link Suite}, and list it in `suites/index.ts`. Use
 * `ctx.optional` pieces only through their loaders, and record a row as
 * unavailable instead of failing when one is missing.
 */
import type { SuiteContext } from './suite-context.js';
import type { SuiteRecorder } from './suite-recorder.js';

export type { SuiteContext } from './suite-context.js';

export interface Suite {
  name: string;
  description: string;
  run(ctx: SuiteContext, record: SuiteRecorder): Promise<void>;
}
