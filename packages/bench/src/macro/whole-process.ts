/**
 * The batch as users run it: each subject is a fresh Node process over the same log, started
 * cold (module loading, compilation), timed from spawn to exit. The naive pipeline runs as a
 * plain script (no output written); Airlock runs as the `airlock batch` command, inline and on
 * 2 worker threads, writing its results. In-process figures share the bench process's warm
 * code; these do not, so they show what a user waits for.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CONTRACT_MODULE } from './contract-module.js';

const run = promisify(execFile);

/** The compiled naive script (the bench's build output) and the CLI's entry. */
const NAIVE_SCRIPT = fileURLToPath(new URL('../../dist/macro/naive-script.js', import.meta.url));
const CLI = fileURLToPath(new URL('../../../../apps/cli/bin/airlock.mjs', import.meta.url));

/** A subject of the comparison. */
export type ProcessSubject = 'naive' | 'cli0' | 'cli2';

/** Why the comparison cannot run here, or undefined when it can. */
export function wholeProcessUnavailable(): string | undefined {
  if (!existsSync(NAIVE_SCRIPT)) return `the bench is not built (${NAIVE_SCRIPT} is missing)`;
  if (!existsSync(join(CLI, '..', '..', 'dist', 'main.js'))) return 'the CLI is not built';
  return undefined;
}

/**
 * Wall time in ms of one subject over `log`, from spawn to exit.
 *
 * @example
 * await timeProcess('cli2', 'corpus/log-20MB-s1-g1.jsonl', '/tmp/out.ndjson') // 2260
 */
export async function timeProcess(subject: ProcessSubject, log: string, output: string): Promise<number> {
  const args = subject === 'naive'
    ? [NAIVE_SCRIPT, log, 'naive']
    : [CLI, 'batch', log, '--contract', `${CONTRACT_MODULE}#benchContract`, '-o', output, '--force', '--quiet', '--threads', subject === 'cli0' ? '0' : '2'];
  const started = performance.now();
  await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return performance.now() - started;
}
