/**
 * @airlock/cli: the `airlock` command, also callable in-process.
 *
 * @example
 * import { main } from '@airlock/cli';
 * process.exitCode = await main(['parse', '--contract', './contract.ts#review', 'out.txt']);
 *
 * @module @airlock/cli
 */
export { main } from './main.js';
export type { CliIo } from './cli-io.js';
