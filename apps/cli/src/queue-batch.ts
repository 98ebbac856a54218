/**
 * `airlock batch … --queue redis://host:port`: the same batch, spread over
 * the machines running `airlock worker` on that queue. The output, summary and
 * exit status are those of a local run.
 */
import { formatStatsTable, type ContractRef } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { queueTarget } from './queue-connection.js';
import { STRICT_RECORDS_STATUS, warnBadRecords } from './warn-bad-records.js';

/** What `airlock batch` hands over when `--queue` is given. */
export interface QueuedBatchRequest {
  /** A Redis URL, or `env` for the one in AIRLOCK_REDIS_URL. */
  queue: string;
  /** `--queue-ca`: the PEM file of the authority that signed a `rediss://` server's certificate. */
  queueCa?: string;
  queueName?: string;
  input: string;
  output: string;
  contract: ContractRef;
  /** The `--context` object: written beside the shards, named in each job by its fingerprint. */
  context?: Record<string, unknown>;
  field?: string;
  idField?: string;
  shardBytes?: number;
  resume: boolean;
  force: boolean;
  quiet: boolean;
  includeRaw: boolean;
  /** Salvage the partial value of `truncated` failures (`--salvage-truncated`). */
  salvageTruncated?: boolean;
  /** Exit 3 when most of the first 1,000 records are bad_record for one reason. */
  strictRecords?: boolean;
}

/**
 * Submits the batch to the queue, follows it, merges, prints the summary.
 *
 * @example
 * await runQueuedBatch({ queue: 'env', input: 'runs.jsonl', output: 'out.ndjson', contract, resume: false, force: false, quiet: false, includeRaw: false }, io);
 */
export async function runQueuedBatch(request: QueuedBatchRequest, io: CliIo): Promise<number> {
  const target = await queueTarget({ queue: request.queue, ca: request.queueCa });
  // Loaded here, not at start-up: BullMQ and ioredis cost every other command ~70 ms to import.
  const { submitBatch } = await import('@airlock/queue');
  const queueName = request.queueName ?? 'airlock-batch';
  let last = 0;
  const stats = await submitBatch({
    input: request.input,
    output: request.output,
    contract: request.contract,
    connection: target.connection,
    queueName,
    resume: request.resume,
    force: request.force,
    includeRaw: request.includeRaw,
    ...(request.salvageTruncated === true && { salvageTruncated: true }),
    ...(request.context === undefined ? {} : { context: request.context }),
    ...(request.field === undefined ? {} : { field: request.field }),
    ...(request.idField === undefined ? {} : { idField: request.idField }),
    ...(request.shardBytes === undefined ? {} : { shardBytes: request.shardBytes }),
    onQueued: ({ runId, shards, alreadyDone }) => {
      if (request.quiet) return;
      const done = alreadyDone > 0 ? ` (${alreadyDone} already done)` : '';
      io.stderr.write(`airlock batch: run ${runId}: ${shards} shard${shards === 1 ? '' : 's'}${done} on ${target.display}, queue ${queueName} (airlock queue status --run ${runId})\n`);
    },
    onProgress: (progress) => {
      if (request.quiet || Date.now() - last < 500) return;
      last = Date.now();
      io.stderr.write(`airlock batch: ${progress.shardsDone}/${progress.shards} shards, ${progress.records} records\n`);
    },
  });
  io.stdout.write(`${formatStatsTable(stats, { mode: `queue, ${stats.shards} shard${stats.shards === 1 ? '' : 's'}` })}\n`);
  io.stdout.write(`wrote ${request.output}\n`);
  const failed = await warnBadRecords(stats, { output: request.output, inputs: [request.input], field: request.field ?? 'output', idField: request.idField ?? 'id', strict: request.strictRecords === true }, io);
  return failed ? STRICT_RECORDS_STATUS : 0;
}
