/**
 * `airlock diff`: compares two batch outputs of the same run log.
 */
import { parseArgs } from 'node:util';
import { diffBatches, formatDiff } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseCount } from './parse-count.js';
import { DIFF_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

/**
 * Runs `airlock diff a.ndjson b.ndjson`; resolves to the exit status.
 *
 * @example
 * process.exitCode = await diffCommand(['before.ndjson', 'after.ndjson'], processIo());
 */
export async function diffCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, changes: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help === true) {
    io.stdout.write(`${DIFF_HELP}\n`);
    return 0;
  }
  const [a, b] = positionals;
  if (a === undefined || b === undefined || positionals.length > 2) throw new UsageError('diff takes two batch outputs: airlock diff <a.ndjson> <b.ndjson>');
  const changes = parseCount('--changes', values.changes, 20, 0);
  const diff = await diffBatches(a, b, { limit: values.json === true ? Math.max(changes, 1000) : changes, force: values.force === true });
  io.stdout.write(values.json === true ? `${JSON.stringify(diff, null, 2)}\n` : `${formatDiff(diff, { changes })}\n`);
  return 0;
}
