/**
 * What a worker does with one job: admit it (schema, roots, fingerprints),
 * run it, report it. A refused job, or one whose contract cannot load, fails
 * with BullMQ's UnrecoverableError: it would fail the same way on every retry
 * and every worker, so it is reported to the submitter at once.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { hostname } from 'node:os';
import { BatchError } from '@airlock/worker';
import { admitShardJob, type FingerprintCache } from './admit-shard-job.js';
import { processShard, type ProcessShardOptions } from './process-shard.js';
import { SHARD_JOB_NAME, type ShardJobResult } from './shard-job.js';
import { JobRefusedError } from './shard-job-schema.js';
import type { WorkerRoots } from './worker-roots.js';

/** What a worker reports about its jobs. */
export type ShardEvent =
  /** `attempt` counts from 1 (BullMQ counts an attempt when it starts); `shard` is -1 for a job too malformed to say. */
  | { type: 'started'; jobId: string; shard: number; attempt: number }
  | { type: 'completed'; jobId: string; shard: number; records: number }
  /** `final`: the job is not retried (refused, or a contract that cannot load). */
  | { type: 'failed'; jobId: string; shard: number; reason: string; final: boolean };

/** The parts of a BullMQ job a worker reads (what the tests build without Redis). */
export type ShardJobHandle = Pick<Job<unknown, ShardJobResult>, 'name' | 'id' | 'data' | 'attemptsStarted' | 'updateProgress'>;

/** Characters that would let text from the queue rewrite a terminal line or reorder it (controls, bidi overrides). */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text that came from the queue, made safe for a log line: one line, no control characters, at
 * most `max` characters.
 *
 * @example
 * printable('bad\u001b[2Jkey'); // 'bad?[2Jkey'
 */
export function printable(text: string, max = 1000): string {
  const flat = text.replace(UNPRINTABLE, '?');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function shardIndexOf(data: unknown): number {
  const index = (data as { shard?: { index?: unknown } } | null)?.shard?.index;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : -1;
}

/**
 * A processor for BullMQ's Worker: admits each job against `roots`, runs it on `place` (a shared
 * pool, or threads per shard), reports it through `onEvent`.
 *
 * @example
 * const processor = shardProcessor({ roots: await resolveRoots(['/srv/airlock']), place: { threads: 0 } });
 * new Worker(queueName, processor, { connection });
 */
export function shardProcessor(options: {
  roots: WorkerRoots;
  place: Pick<ProcessShardOptions, 'threads' | 'pool'>;
  onEvent?: (event: ShardEvent) => void;
}): (job: ShardJobHandle) => Promise<ShardJobResult> {
  const { roots, place, onEvent } = options;
  const fingerprints: FingerprintCache = new Map();
  return async (job) => {
    const jobId = printable(job.id ?? '?', 100);
    const shard = shardIndexOf(job.data);
    onEvent?.({ type: 'started', jobId, shard, attempt: job.attemptsStarted });
    try {
      if (job.name !== SHARD_JOB_NAME) throw new JobRefusedError(`not an Airlock shard job: ${job.name}`);
      const admitted = await admitShardJob(job.data, job.id, roots, fingerprints);
      const result = await processShard(admitted, {
        ...place,
        attemptTag: `${hostname()}-${process.pid}-${job.attemptsStarted}`,
        onProgress: (progress) => void job.updateProgress(progress).catch(() => {}),
      });
      onEvent?.({ type: 'completed', jobId, shard, records: result.records });
      return result;
    } catch (error) {
      const message = printable(error instanceof Error ? error.message : String(error));
      const reason = error instanceof JobRefusedError ? `refused: ${message}` : message;
      // A refused job, or a contract that does not match or cannot load, fails the same way on every retry.
      const final = error instanceof JobRefusedError || (error instanceof BatchError && (error.kind === 'contract' || error.kind === 'usage'));
      onEvent?.({ type: 'failed', jobId, shard, reason, final });
      throw final ? new UnrecoverableError(reason) : new Error(reason);
    }
  };
}
