/**
 * `airlock queue status [--run <id>]`: what a queue holds, for the people who
 * operate it — workers alive, and for each run its shards done, running,
 * waiting and failed (each failure with its reason), and its throughput.
 */
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io.js';
import { describeRedis, queueTarget } from './queue-connection.js';
import { formatQueueStatus } from './queue-status-format.js';
import { QUEUE_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  queue: { type: 'string', short: 'q' },
  'queue-name': { type: 'string' },
  'queue-ca': { type: 'string' },
  run: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs `airlock queue <subcommand>`; resolves to the exit status.
 *
 * @example
 * process.exitCode = await queueCommand(['status', '--run', '3f2a9c0d1e2b3a4c5d6e'], processIo());
 */
export async function queueCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${QUEUE_HELP}\n`);
    return 0;
  }
  const [subcommand, ...extra] = positionals;
  if (subcommand !== 'status') throw new UsageError(subcommand === undefined ? 'queue needs a subcommand: airlock queue status [--run <id>]' : `unknown queue subcommand "${subcommand}" (expected status)`);
  if (extra.length > 0) throw new UsageError(`queue status takes no arguments, got: ${extra.join(' ')}`);
  if (values.run !== undefined && !/^[0-9a-f]{20}$/.test(values.run)) throw new UsageError(`--run takes a run id (20 hex digits, as airlock batch --queue prints it), got "${values.run}"`);
  const target = await queueTarget({ queue: values.queue, ca: values['queue-ca'] });
  const { queueStatus } = await import('@airlock/queue');
  const status = await queueStatus({
    connection: target.connection,
    ...(values['queue-name'] === undefined ? {} : { queueName: values['queue-name'] }),
    ...(values.run === undefined ? {} : { runId: values.run }),
  });
  if (values.json === true) io.stdout.write(`${JSON.stringify({ server: target.display, redis: target.info, ...status }, null, 2)}\n`);
  else io.stdout.write(`${formatQueueStatus(status, `${target.display} (${describeRedis(target.info)})`, values.run)}\n`);
  return 0;
}
