/**
 * `airlock batch`: a run log through the worker pool, with progress, a
 * summary table, and Ctrl-C that stops cleanly at a checkpoint.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CHUNK_SIZE, formatStatsTable, INLINE_BELOW_BYTES, runBatch } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseContractSpec } from './parse-contract-spec.js';
import { parseCount } from './parse-count.js';
import { readContextFile } from './read-context-file.js';
import { runQueuedBatch } from './queue-batch.js';
import { createProgressReporter } from './progress-reporter.js';
import { BATCH_HELP } from './usage.js';
import { UsageError } from './usage-error.js';
import { STRICT_RECORDS_STATUS, warnBadRecords } from './warn-bad-records.js';
import { tuneForRun } from './tune-run.js';

const OPTIONS = {
  contract: { type: 'string', short: 'c' },
  context: { type: 'string' },
  output: { type: 'string', short: 'o' },
  threads: { type: 'string', short: 't' },
  'chunk-size': { type: 'string' },
  field: { type: 'string' },
  'id-field': { type: 'string' },
  'include-raw': { type: 'boolean' },
  'salvage-truncated': { type: 'boolean' },
  resume: { type: 'boolean' },
  force: { type: 'boolean' },
  'stats-json': { type: 'string' },
  quiet: { type: 'boolean' },
  queue: { type: 'string', short: 'q' },
  'queue-name': { type: 'string' },
  'queue-ca': { type: 'string' },
  'shard-bytes': { type: 'string' },
  'load-timeout': { type: 'string' },
  'strict-records': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exit status by signal, as shells report a process killed by it. */
const SIGNAL_STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Runs `airlock batch`; resolves to the exit status (130 when interrupted).
 *
 * @example
 * process.exitCode = await batchCommand(['logs.jsonl', '-c', './contract.ts#review', '-o', 'out.ndjson'], processIo());
 */
export async function batchCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${BATCH_HELP}\n`);
    return 0;
  }
  const [input] = positionals;
  if (input === undefined) throw new UsageError('batch needs an input run log (or - for stdin): airlock batch <input.jsonl> --contract <module>#<export> -o <out.ndjson>');
  if (positionals.length > 1 && values.queue !== undefined) throw new UsageError(`batch --queue takes one input, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values.output === undefined) throw new UsageError('batch needs -o <out.ndjson>');
  const contract = parseContractSpec(values.contract);
  const threads = parseCount('--threads', values.threads, -1, 0);
  const chunkSize = parseCount('--chunk-size', values['chunk-size'], DEFAULT_CHUNK_SIZE, 1);
  const loadTimeout = parseCount('--load-timeout', values['load-timeout'], 30, 1);
  const context = values.context === undefined ? undefined : await readContextFile(values.context);
  if (values.queue !== undefined) {
    const shardBytes = parseCount('--shard-bytes', values['shard-bytes'], -1, 1);
    return runQueuedBatch({
      queue: values.queue,
      input,
      output: values.output,
      contract,
      resume: values.resume === true,
      force: values.force === true,
      quiet: values.quiet === true,
      includeRaw: values['include-raw'] === true,
      ...(values['salvage-truncated'] === true && { salvageTruncated: true }),
      strictRecords: values['strict-records'] === true,
      ...(context === undefined ? {} : { context }),
      ...(values['queue-ca'] === undefined ? {} : { queueCa: values['queue-ca'] }),
      ...(values['queue-name'] === undefined ? {} : { queueName: values['queue-name'] }),
      ...(values.field === undefined ? {} : { field: values.field }),
      ...(values['id-field'] === undefined ? {} : { idField: values['id-field'] }),
      ...(shardBytes > 0 ? { shardBytes } : {}),
    }, io);
  }

  // Before the run loads the contract or starts threads: they read these settings as they start.
  await tuneForRun(positionals, threads);
  const controller = new AbortController();
  let status = 0;
  const stop = (signal: keyof typeof SIGNAL_STATUS) => (): void => {
    // A second signal means "now": the checkpoint still marks the last commit.
    if (controller.signal.aborted) process.exit(SIGNAL_STATUS[signal]);
    status = SIGNAL_STATUS[signal];
    controller.abort();
    io.stderr.write(`\nairlock: ${signal}: finishing the chunks in flight and writing the checkpoint…\n`);
  };
  const onInt = stop('SIGINT');
  const onTerm = stop('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  const progress = createProgressReporter(io.stderr, { tty: io.stderr.isTTY === true });
  try {
    const stats = await runBatch({
      input: positionals.length === 1 ? input : positionals,
      output: values.output,
      contract,
      chunkSize,
      contractLoadTimeoutMs: loadTimeout * 1000,
      // `--threads n` starts threads for a log big enough to use them (see RunBatchOptions.inlineBelowBytes).
      ...(threads >= 0 ? { threads, inlineBelowBytes: INLINE_BELOW_BYTES } : {}),
      ...(context === undefined ? {} : { context }),
      ...(values.field === undefined ? {} : { field: values.field }),
      ...(values['id-field'] === undefined ? {} : { idField: values['id-field'] }),
      ...(values['stats-json'] === undefined ? {} : { statsJson: values['stats-json'] }),
      includeRaw: values['include-raw'] === true,
      salvageTruncated: values['salvage-truncated'] === true,
      resume: values.resume === true,
      force: values.force === true,
      signal: controller.signal,
      ...(values.quiet === true ? {} : { onProgress: (p) => progress.update(p) }),
    });
    progress.done();
    io.stdout.write(`${formatStatsTable(stats)}\n`);
    io.stdout.write(stats.complete ? `wrote ${values.output}\n` : `checkpoint kept: ${values.output}.checkpoint.json\n`);
    const failed = await warnBadRecords(stats, { output: values.output, inputs: positionals, field: values.field ?? 'output', idField: values['id-field'] ?? 'id', strict: values['strict-records'] === true }, io);
    if (failed && stats.complete) return STRICT_RECORDS_STATUS;
    return stats.complete ? 0 : status || 130;
  } finally {
    progress.done();
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}
