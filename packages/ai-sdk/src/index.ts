/**
 * `@airlock/ai-sdk`: Airlock behind the Vercel AI SDK's structured output. `repairText`
 * for `generateObject` / `streamObject`, `objectOutput` for `generateText` /
 * `streamText`; both report every repair and keep Airlock's failure class.
 *
 * @example
 * import { objectOutput, repairText, airlockFailure } from '@airlock/ai-sdk';
 *
 * @module @airlock/ai-sdk
 */
export { repairText, type RepairTextFunction } from './repair-text.js';
export { objectOutput, type ObjectOutput, type ObjectOutputOptions } from './object-output.js';
export { airlockFailure } from './airlock-failure.js';
export type { AirlockAdapterOptions, RepairFailureReport, RepairReport } from './repair-report.js';
