/**
 * `airlock batch --queue`: plans the shards of a run log, enqueues one job per
 * shard (references only), follows them through queue events, and merges the
 * shard outputs in input order into the same file a local run writes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Queue, QueueEvents, type ConnectionOptions, type Job } from 'bullmq';
import { BatchError, fingerprintInputs, importContract, resolveContractRef, type BatchStats, type ContractRef } from '@airlock/worker';
import { mergeShards } from './merge-shards.js';
import { planShards, type Shard } from './plan-shards.js';
import { DEFAULT_QUEUE_NAME, SHARD_JOB_NAME, shardFileName, shardJobId, type ShardJobData, type ShardJobProgress, type ShardJobResult } from './shard-job.js';

/** Options of {@link submitBatch}. */
export interface SubmitBatchOptions {
  input: string;
  output: string;
  contract: ContractRef;
  connection: ConnectionOptions;
  queueName?: string;
  /** Target bytes per shard. Default 8 MiB. */
  shardBytes?: number;
  field?: string;
  idField?: string;
  /** Keep `raw` on every result line. */
  includeRaw?: boolean;
  /** Keep the shards already done and enqueue only the missing ones. */
  resume?: boolean;
  /** Overwrite an existing output. */
  force?: boolean;
  /** Attempts per shard before it is reported failed. Default 3. */
  attempts?: number;
  onProgress?: (progress: QueueProgress) => void;
  cwd?: string;
}

/** Statistics of a queued run: those of a local run, plus the shard count. */
export interface QueuedBatchStats extends BatchStats {
  shards: number;
}

/** Progress on the submitting side. */
export interface QueueProgress {
  shards: number;
  shardsDone: number;
  /** Records in finished shards plus the latest progress of running ones. */
  records: number;
}

/** A shard that failed past its retry limit. */
export interface FailedShard {
  shard: Shard;
  reason: string;
}

/** Raised when shards failed past their retry limit; the finished shards are kept for `--resume`. */
export class ShardsFailedError extends BatchError {
  constructor(readonly failed: FailedShard[]) {
    super('worker', `${failed.length} shard(s) failed past their retry limit: ${failed.map((f) => `shard ${f.shard.index} (lines from ${f.shard.firstLine}): ${f.reason}`).join('; ')}; the other shards are kept, rerun with --resume`);
  }
}

function runIdOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

async function waitForShards(queue: Queue, events: QueueEvents, jobs: Map<string, Shard>, total: number, done: number, options: SubmitBatchOptions): Promise<FailedShard[]> {
  const running = new Map<string, number>();
  let finishedRecords = 0;
  const report = (): void => {
    let records = finishedRecords;
    for (const value of running.values()) records += value;
    options.onProgress?.({ shards: total, shardsDone: done, records });
  };
  events.on('progress', ({ jobId, data }) => {
    if (!jobs.has(jobId)) return;
    running.set(jobId, (data as ShardJobProgress).records ?? 0);
    report();
  });
  const failed: FailedShard[] = [];
  // Events can be missed (a reconnect); job states cannot, so the loop polls them.
  while (jobs.size > 0) {
    for (const [id, shard] of [...jobs]) {
      const job = (await queue.getJob(id)) as Job<ShardJobData, ShardJobResult> | undefined;
      const state = job === undefined ? 'unknown' : await job.getState();
      if (state === 'completed') {
        jobs.delete(id);
        running.delete(id);
        finishedRecords += job?.returnvalue?.records ?? 0;
        done++;
        report();
      } else if (state === 'failed' || state === 'unknown') {
        jobs.delete(id);
        running.delete(id);
        failed.push({ shard, reason: job?.failedReason ?? 'the job disappeared from the queue' });
      }
    }
    if (jobs.size > 0) await new Promise((r) => setTimeout(r, 200));
  }
  return failed;
}

/**
 * Runs a batch through the queue and returns the same statistics as a local run.
 * Throws {@link ShardsFailedError} when shards failed past their retry limit.
 *
 * @example
 * const stats = await submitBatch({
 *   input: '/shared/runs.jsonl', output: '/shared/results.ndjson',
 *   contract: { module: '/shared/contract.js', export: 'review' },
 *   connection: redisConnection('redis://queue-host:6379'),
 * });
 */
export async function submitBatch(options: SubmitBatchOptions): Promise<QueuedBatchStats> {
  const started = Date.now();
  const field = options.field ?? 'output';
  const idField = options.idField ?? 'id';
  const includeRaw = options.includeRaw === true;
  const input = resolve(options.cwd ?? process.cwd(), options.input);
  const output = resolve(options.cwd ?? process.cwd(), options.output);
  const ref = resolveContractRef(options.contract, options.cwd);
  const contract = await importContract(ref);
  // Workers on other machines get an absolute module path (a package name stays as it is).
  const module = ref.specifier.startsWith('file:') ? new URL(ref.specifier).pathname : ref.module;
  let inputStat;
  try {
    inputStat = await stat(input);
  } catch {
    throw new BatchError('input', `cannot read input ${options.input}`);
  }
  if (existsSync(output) && options.force !== true) throw new BatchError('usage', `output ${options.output} exists; pass --force to overwrite it`);
  const shardBytes = options.shardBytes;
  const shards = await planShards(input, shardBytes === undefined ? {} : { shardBytes });
  const runId = runIdOf([input, inputStat.size, inputStat.mtimeMs, contract.fingerprint, field, idField, includeRaw, shards.length, shards.at(-1)?.end]);
  const shardDir = `${output}.shards`;
  if (options.resume !== true) await rm(shardDir, { recursive: true, force: true });
  await mkdir(shardDir, { recursive: true });
  const runFile = resolve(shardDir, 'run.json');
  if (existsSync(runFile)) {
    const previous = JSON.parse(await readFile(runFile, 'utf8')) as { runId?: string };
    if (previous.runId !== runId) throw new BatchError('usage', `the shards in ${shardDir} belong to another run (another input, contract or options); rerun without --resume`);
  } else {
    await writeFile(runFile, `${JSON.stringify({ runId, input, shards: shards.length })}\n`);
  }

  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const queue = new Queue<ShardJobData, ShardJobResult>(queueName, { connection: options.connection });
  const events = new QueueEvents(queueName, { connection: options.connection });
  queue.on('error', () => {});
  events.on('error', () => {});
  try {
    await events.waitUntilReady();
    const pending = new Map<string, Shard>();
    let done = 0;
    for (const shard of shards) {
      if (existsSync(resolve(shardDir, shardFileName(shard.index, 'records')))) {
        done++;
        continue;
      }
      const jobId = shardJobId(runId, shard.index);
      // A job left by an earlier session (failed, or completed without its file) is replaced.
      await (await queue.getJob(jobId))?.remove().catch(() => {});
      const data: ShardJobData = { runId, shard, input, shardDir, contract: { module, export: options.contract.export }, fingerprint: contract.fingerprint, field, idField, includeRaw };
      await queue.add(SHARD_JOB_NAME, data, { jobId, attempts: options.attempts ?? 3, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: false, removeOnFail: false });
      pending.set(jobId, shard);
    }
    const failed = await waitForShards(queue, events, pending, shards.length, done, options);
    if (failed.length > 0) throw new ShardsFailedError(failed);
    const fingerprint = await fingerprintInputs([input]);
    const merged = await mergeShards({ shardDir, shards, output, contract, contractRef: options.contract, field, idField, includeRaw, started, input: { files: [options.input], fingerprint } });
    await Promise.all(shards.map((shard) => queue.getJob(shardJobId(runId, shard.index)).then((job) => job?.remove()).catch(() => {})));
    await rm(shardDir, { recursive: true, force: true });
    return { ...merged, shards: shards.length };
  } finally {
    await events.close().catch(() => {});
    await queue.close().catch(() => {});
  }
}
