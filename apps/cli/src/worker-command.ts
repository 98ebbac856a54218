/**
 * `airlock worker [--queue redis://host:port] --root <dir>…`: serves shard
 * jobs of queued batches on this machine until SIGINT/SIGTERM, which let the
 * shard in hand finish. A job may only name files under the roots.
 */
import { parseArgs } from 'node:util';
import { MAX_THREADS } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseCount } from './parse-count.js';
import { describeRedis, queueTarget } from './queue-connection.js';
import { WORKER_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  queue: { type: 'string', short: 'q' },
  'queue-name': { type: 'string' },
  'queue-ca': { type: 'string' },
  root: { type: 'string', multiple: true },
  threads: { type: 'string', short: 't' },
  'lock-ms': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs `airlock worker`; resolves to 0 after a clean stop.
 *
 * @example
 * process.exitCode = await workerCommand(['--root', '/srv/airlock', '--threads', '2'], processIo()); // Redis from AIRLOCK_REDIS_URL
 */
export async function workerCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${WORKER_HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`worker takes no arguments, got: ${positionals.join(' ')}`);
  const threads = parseCount('--threads', values.threads, -1, 0);
  // Refused here, once, rather than by every shard job this worker would take and fail.
  if (threads > MAX_THREADS) throw new UsageError(`--threads must be at most ${MAX_THREADS}, got ${threads}: more worker threads than that can exhaust V8's process-wide limits and abort the process`);
  const lockMs = parseCount('--lock-ms', values['lock-ms'], 30_000, 1000);
  // Loaded here, not at start-up: BullMQ and ioredis cost every other command ~70 ms to import.
  const { resolveRoots, serveShards } = await import('@airlock/queue');
  let roots: readonly string[];
  try {
    roots = await resolveRoots(values.root ?? [process.cwd()]);
  } catch (error) {
    throw new UsageError(`--root: ${(error as Error).message}`);
  }
  const target = await queueTarget({ queue: values.queue, ca: values['queue-ca'] });
  const controller = new AbortController();
  const stop = (): void => {
    if (controller.signal.aborted) process.exit(130);
    io.stderr.write('airlock worker: stopping after the shard in hand…\n');
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const log = (line: string): void => {
    if (values.quiet !== true) io.stderr.write(`airlock worker: ${line}\n`);
  };
  const queueName = values['queue-name'] ?? 'airlock-batch';
  log(`waiting for shards on ${target.display} (queue ${queueName}; ${describeRedis(target.info)}); jobs may only name files under ${roots.join(', ')}`);
  try {
    await serveShards({
      connection: target.connection,
      queueName,
      roots,
      lockMs,
      signal: controller.signal,
      ...(threads >= 0 ? { threads } : {}),
      onEvent: (event) => {
        // A malformed job may not say which shard it is.
        const what = event.shard >= 0 ? `shard ${event.shard}` : `job ${event.jobId}`;
        if (event.type === 'started') log(`${what} started (attempt ${event.attempt})`);
        else if (event.type === 'completed') log(`${what} done: ${event.records} records`);
        else log(`${what} ${event.final ? 'failed, not retried' : 'failed'}: ${event.reason}`);
      },
      // Always said, even with --quiet: a worker that cannot reach Redis does nothing.
      onConnectionError: (message) => io.stderr.write(`airlock worker: Redis: ${message}; reconnecting…\n`),
    });
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
