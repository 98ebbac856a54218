/**
 * The submitter's view of a run: which shard jobs finished, failed, or were
 * lost. Job states are polled (events can be missed across a reconnection);
 * a job that vanished, as the last second of writes can when Redis restarts
 * without them on disk, is added again unless its shard output exists.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Shard } from './plan-shards.js';
import { shardFileName, type ShardCounts, type ShardJobData, type ShardJobProgress, type ShardJobResult } from './shard-job.js';

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

/** A job the submitter follows, and how to add it (again). */
export interface PendingShard {
  shard: Shard;
  add(): Promise<void>;
}

/** Times a vanished job is added again before its shard is reported failed. */
const MAX_READDS = 3;

/** States polled at once: a few hundred commands in flight on one connection is what Redis pipelines well. */
const POLL_BATCH = 200;

/** How the submitter follows its jobs. */
export interface WaitOptions {
  queue: Queue<ShardJobData, ShardJobResult>;
  events: QueueEvents;
  /** Jobs by id, already added; emptied as they finish. */
  pending: Map<string, PendingShard>;
  shardDir: string;
  total: number;
  /** Shards already done before these jobs were added (`--resume`). */
  done: number;
  onProgress?: (progress: QueueProgress) => void;
  pollMs?: number;
}

async function recordsOf(shardDir: string, shard: Shard): Promise<number> {
  const text = await readFile(join(shardDir, shardFileName(shard.index, 'counts')), 'utf8').catch(() => undefined);
  return text === undefined ? 0 : ((JSON.parse(text) as ShardCounts).counts.records ?? 0);
}

/**
 * Follows the jobs until each has completed (with its output on disk) or failed past its
 * retries; resolves to the failed ones, in shard order.
 *
 * @example
 * const failed = await waitForShards({ queue, events, pending, shardDir, total: shards.length, done: 0 });
 */
export async function waitForShards(options: WaitOptions): Promise<FailedShard[]> {
  const { queue, events, pending, shardDir } = options;
  const running = new Map<string, number>();
  const readds = new Map<string, number>();
  let finishedRecords = 0;
  let done = options.done;
  const report = (): void => {
    let records = finishedRecords;
    for (const value of running.values()) records += value;
    options.onProgress?.({ shards: options.total, shardsDone: done, records });
  };
  const onProgress = ({ jobId, data }: { jobId: string; data: unknown }): void => {
    if (!pending.has(jobId)) return;
    running.set(jobId, (data as ShardJobProgress | null)?.records ?? 0);
    report();
  };
  events.on('progress', onProgress);
  const failed: FailedShard[] = [];
  const finish = (id: string, records: number): void => {
    pending.delete(id);
    running.delete(id);
    finishedRecords += records;
    done++;
    report();
  };
  const lost = async (id: string, entry: PendingShard): Promise<void> => {
    const shardDone = existsSync(join(shardDir, shardFileName(entry.shard.index, 'records')));
    if (shardDone) return finish(id, await recordsOf(shardDir, entry.shard));
    const times = (readds.get(id) ?? 0) + 1;
    if (times > MAX_READDS) {
      pending.delete(id);
      running.delete(id);
      failed.push({ shard: entry.shard, reason: `the job disappeared from the queue ${MAX_READDS} times (is Redis evicting keys? see maxmemory-policy)` });
      return;
    }
    readds.set(id, times);
    await entry.add();
  };
  try {
    while (pending.size > 0) {
      const ids = [...pending.keys()];
      for (let from = 0; from < ids.length; from += POLL_BATCH) {
        const batch = ids.slice(from, from + POLL_BATCH);
        const states = await Promise.all(batch.map((id) => queue.getJobState(id)));
        for (let i = 0; i < batch.length; i++) {
          const id = batch[i]!;
          const entry = pending.get(id)!;
          const state = states[i];
          if (state === 'completed') {
            // Trusted as it is: a shared file system may show the worker's rename here only later.
            const job = (await queue.getJob(id)) as Job<ShardJobData, ShardJobResult> | undefined;
            finish(id, job?.returnvalue?.records ?? 0);
          } else if (state === 'failed') {
            const job = await queue.getJob(id);
            pending.delete(id);
            running.delete(id);
            failed.push({ shard: entry.shard, reason: job?.failedReason ?? 'failed (no reason recorded)' });
          } else if (state === 'unknown') {
            await lost(id, entry);
          }
        }
      }
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
    }
  } finally {
    events.off('progress', onProgress);
  }
  return failed.sort((a, b) => a.shard.index - b.shard.index);
}
