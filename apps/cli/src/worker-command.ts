/**
 * `airlock worker --queue redis://host:port`: serves shard jobs of queued
 * batches on this machine until SIGINT/SIGTERM, which let the shard in hand finish.
 */
import { parseArgs } from 'node:util';
import { MAX_THREADS } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseCount } from './parse-count.js';
import { WORKER_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  queue: { type: 'string', short: 'q' },
  'queue-name': { type: 'string' },
  threads: { type: 'string', short: 't' },
  'lock-ms': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs `airlock worker`; resolves to 0 after a clean stop.
 *
 * @example
 * process.exitCode = await workerCommand(['--queue', 'redis://127.0.0.1:6379', '--threads', '2'], processIo());
 */
export async function workerCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${WORKER_HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`worker takes no arguments, got: ${positionals.join(' ')}`);
  if (values.queue === undefined) throw new UsageError('worker needs --queue redis://host:port');
  // Loaded here, not at start-up: BullMQ and ioredis cost every other command ~70 ms to import.
  const { redisConnection, serveShards } = await import('@airlock/queue');
  let connection;
  try {
    connection = redisConnection(values.queue);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const threads = parseCount('--threads', values.threads, -1, 0);
  // Refused here, once, rather than by every shard job this worker would take and fail.
  if (threads > MAX_THREADS) throw new UsageError(`--threads must be at most ${MAX_THREADS}, got ${threads}: more worker threads than that can exhaust V8's process-wide limits and abort the process`);
  const lockMs = parseCount('--lock-ms', values['lock-ms'], 30_000, 1000);
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
  log(`waiting for shards on ${values.queue} (queue ${values['queue-name'] ?? 'airlock-batch'})`);
  try {
    await serveShards({
      connection,
      lockMs,
      signal: controller.signal,
      ...(values['queue-name'] === undefined ? {} : { queueName: values['queue-name'] }),
      ...(threads >= 0 ? { threads } : {}),
      onEvent: (event) => {
        if (event.type === 'started') log(`shard ${event.shard} started (attempt ${event.attempt + 1})`);
        else if (event.type === 'completed') log(`shard ${event.shard} done: ${event.records} records`);
        else log(`shard ${event.shard} failed: ${event.reason}`);
      },
    });
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
