/**
 * `airlock worker` processes for the queue tests, with their log kept as it
 * arrives, and waits on what the log or the file system says.
 */
import { fileURLToPath } from 'node:url';
import { startCli, type CliProcess } from './run-cli.js';

/** The directory of the test contracts: every test worker may load them. */
export const TEST_CONTRACTS = fileURLToPath(new URL('.', import.meta.url));

/** A running worker and its log so far. */
export interface WorkerProcess extends CliProcess {
  log(): string;
  /** Shard indexes this worker finished, in order. */
  finished(): number[];
}

/**
 * Starts `airlock worker <args>` (add `--queue`, or set AIRLOCK_REDIS_URL, and `--root`s).
 *
 * @example
 * const worker = startWorker(['--queue', redis.url, '--root', dir, '--root', TEST_CONTRACTS, '--threads', '0']);
 */
export function startWorker(args: string[]): WorkerProcess {
  const process = startCli(['worker', ...args]);
  let log = '';
  process.child.stderr?.on('data', (data: Buffer | string) => (log += String(data)));
  return {
    ...process,
    log: () => log,
    finished: () => [...log.matchAll(/shard (\d+) done: /g)].map((match) => Number(match[1])),
  };
}

/**
 * Resolves once `check` holds (polled every 20 ms); rejects after `timeoutMs` with `what`.
 *
 * @example
 * await waitUntil(() => worker.done().length >= 2, 'two shards done');
 */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
