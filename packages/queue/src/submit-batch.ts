/**
 * `airlock batch --queue`: plans the shards of a run log, enqueues one job per
 * shard (references and fingerprints only), follows them, and merges the shard
 * outputs in input order into the same file a local run writes.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, type ConnectionOptions } from 'bullmq';
import { BatchError, fingerprintContext, fingerprintInputs, importContract, resolveContractRef, type BatchStats, type ContractRef } from '@airlock/worker';
import { fileDigest } from './file-digest.js';
import { mergeShards } from './merge-shards.js';
import { planShards } from './plan-shards.js';
import { CONTEXT_FILE_NAME, DEFAULT_QUEUE_NAME, SHARD_DIR_SUFFIX, SHARD_JOB_FORMAT, SHARD_JOB_NAME, shardFileName, shardJobId, type ShardJobData, type ShardJobResult } from './shard-job.js';
import { waitForShards, type FailedShard, type PendingShard, type QueueProgress } from './wait-for-shards.js';

export type { FailedShard, QueueProgress } from './wait-for-shards.js';

/** Options of {@link submitBatch}. */
export interface SubmitBatchOptions {
  input: string;
  output: string;
  /** A module file on storage every worker sees (a package name is refused: workers only load files under their roots). */
  contract: ContractRef;
  connection: ConnectionOptions;
  queueName?: string;
  /** Target bytes per shard. Default 8 MiB. */
  shardBytes?: number;
  field?: string;
  idField?: string;
  /** Keep `raw` on every result line. */
  includeRaw?: boolean;
  /** Write the partial value of each `truncated` failure beside it (`RunBatchOptions.salvageTruncated`). */
  salvageTruncated?: boolean;
  /**
   * Runtime context given to every record's parse, as in a local run: written once as
   * `context.json` in the shard directory, named in each job by its fingerprint.
   */
  context?: Readonly<Record<string, unknown>>;
  /** Keep the shards already done and enqueue only the missing ones. */
  resume?: boolean;
  /** Overwrite an existing output. */
  force?: boolean;
  /** Attempts per shard before it is reported failed. Default 3. */
  attempts?: number;
  /** Called once the jobs are on the queue, with the run id `airlock queue status --run` takes. */
  onQueued?: (run: { runId: string; shards: number; alreadyDone: number }) => void;
  onProgress?: (progress: QueueProgress) => void;
  cwd?: string;
}

/** Statistics of a queued run: those of a local run, plus the shard count and the run id. */
export interface QueuedBatchStats extends BatchStats {
  shards: number;
  runId: string;
}

/** Failed shards listed in the error's message; the rest are counted (`airlock queue status --run` lists them all). */
const LISTED_FAILURES = 5;

/** Raised when shards failed past their retry limit; the finished shards are kept for `--resume`. */
export class ShardsFailedError extends BatchError {
  constructor(readonly failed: FailedShard[], readonly runId: string) {
    const listed = failed.slice(0, LISTED_FAILURES).map((f) => `shard ${f.shard.index} (lines from ${f.shard.firstLine}): ${f.reason}`);
    const more = failed.length > LISTED_FAILURES ? `; and ${failed.length - LISTED_FAILURES} more (airlock queue status --run ${runId})` : '';
    super('worker', `${failed.length} shard(s) failed past their retry limit: ${listed.join('; ')}${more}; the other shards are kept, rerun with --resume`);
  }
}

function runIdOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

/** The contract module as a file path: workers load nothing else. */
function contractFile(ref: ReturnType<typeof resolveContractRef>): string {
  if (!ref.specifier.startsWith('file:')) {
    throw new BatchError('usage', `with --queue the contract must be a module file every worker can read (under its --root), not the package "${ref.module}": give the path of a module that imports it`);
  }
  return fileURLToPath(ref.specifier);
}

/** Writes through a temporary name: a worker never reads half a context. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
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
  const salvageTruncated = options.salvageTruncated === true;
  const input = resolve(options.cwd ?? process.cwd(), options.input);
  const output = resolve(options.cwd ?? process.cwd(), options.output);
  const ref = resolveContractRef(options.contract, options.cwd);
  const module = contractFile(ref);
  const contract = await importContract(ref);
  const digest = await fileDigest(module);
  const contextFingerprint = options.context === undefined ? undefined : fingerprintContext(options.context);
  let inputStat;
  try {
    inputStat = await stat(input);
  } catch {
    throw new BatchError('input', `cannot read input ${options.input}`);
  }
  const inputFingerprint = (await fingerprintInputs([input]))!;
  if (existsSync(output) && options.force !== true) throw new BatchError('usage', `output ${options.output} exists; pass --force to overwrite it`);
  const shardBytes = options.shardBytes;
  const shards = await planShards(input, shardBytes === undefined ? {} : { shardBytes });
  const runId = runIdOf([input, inputStat.size, inputStat.mtimeMs, contract.fingerprint, digest, contextFingerprint ?? null, field, idField, includeRaw, shards.length, shards.at(-1)?.end, ...(salvageTruncated ? ['salvageTruncated'] : [])]);
  const shardDir = `${output}${SHARD_DIR_SUFFIX}`;
  if (options.resume !== true) await rm(shardDir, { recursive: true, force: true });
  await mkdir(shardDir, { recursive: true });
  const runFile = join(shardDir, 'run.json');
  if (existsSync(runFile)) {
    const previous = JSON.parse(await readFile(runFile, 'utf8')) as { runId?: string };
    if (previous.runId !== runId) throw new BatchError('usage', `the shards in ${shardDir} belong to another run (another input, contract, context or options); rerun without --resume`);
  } else {
    await writeFile(runFile, `${JSON.stringify({ runId, input, shards: shards.length })}\n`);
  }
  if (options.context !== undefined) await writeAtomically(join(shardDir, CONTEXT_FILE_NAME), `${JSON.stringify(options.context)}\n`);

  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const queue = new Queue<ShardJobData, ShardJobResult>(queueName, { connection: options.connection });
  const events = new QueueEvents(queueName, { connection: options.connection });
  queue.on('error', () => {});
  events.on('error', () => {});
  try {
    await events.waitUntilReady();
    const pending = new Map<string, PendingShard>();
    let done = 0;
    for (const shard of shards) {
      if (existsSync(join(shardDir, shardFileName(shard.index, 'records')))) {
        done++;
        continue;
      }
      const jobId = shardJobId(runId, shard.index);
      const data: ShardJobData = {
        format: SHARD_JOB_FORMAT,
        runId,
        shard,
        input: { path: input, fingerprint: inputFingerprint },
        shardDir,
        contract: { module, export: options.contract.export, digest, fingerprint: contract.fingerprint },
        ...(contextFingerprint === undefined ? {} : { context: { fingerprint: contextFingerprint } }),
        field,
        idField,
        includeRaw,
        ...(salvageTruncated && { salvageTruncated }),
      };
      const add = async (): Promise<void> => {
        // A job left by an earlier submit (failed, or completed without its file) is replaced.
        await (await queue.getJob(jobId))?.remove().catch(() => {});
        await queue.add(SHARD_JOB_NAME, data, { jobId, attempts: options.attempts ?? 3, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: false, removeOnFail: false });
      };
      await add();
      pending.set(jobId, { shard, add });
    }
    options.onQueued?.({ runId, shards: shards.length, alreadyDone: done });
    const failed = await waitForShards({ queue, events, pending, shardDir, total: shards.length, done, ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }) });
    if (failed.length > 0) throw new ShardsFailedError(failed, runId);
    const merged = await mergeShards({
      shardDir, shards, output, contract, contractRef: options.contract, field, idField, includeRaw, salvageTruncated, started,
      input: { files: [options.input], fingerprint: inputFingerprint },
      ...(contextFingerprint === undefined ? {} : { contextFingerprint }),
    });
    await Promise.all(shards.map((shard) => queue.getJob(shardJobId(runId, shard.index)).then((job) => job?.remove()).catch(() => {})));
    await rm(shardDir, { recursive: true, force: true });
    return { ...merged, shards: shards.length, runId };
  } finally {
    await events.close().catch(() => {});
    await queue.close().catch(() => {});
  }
}
