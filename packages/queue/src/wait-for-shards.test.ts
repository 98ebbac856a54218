/**
 * How the submitter follows its jobs when Redis loses some: a job that
 * vanished is added again unless its shard output exists, a few times at
 * most, then reported with the likely cause; failures keep their reasons.
 * Driven by a scripted queue (job states in order), without Redis.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queue, QueueEvents } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { shardFileName } from './shard-job.js';
import { waitForShards, type PendingShard, type QueueProgress } from './wait-for-shards.js';

const shardDir = mkdtempSync(join(tmpdir(), 'airlock-wait-'));
afterAll(() => rmSync(shardDir, { recursive: true, force: true }));

type State = 'completed' | 'failed' | 'active' | 'waiting' | 'unknown';

/** A queue whose jobs go through the given states, one per poll (the last one stays). */
function scriptedQueue(script: Record<string, State[]>): Queue {
  const polls = new Map<string, number>();
  return {
    getJobState: async (id: string) => {
      const states = script[id]!;
      const at = polls.get(id) ?? 0;
      polls.set(id, at + 1);
      return states[Math.min(at, states.length - 1)];
    },
    getJob: async (id: string) => ({ returnvalue: { records: 10 }, failedReason: `reason of ${id}` }),
  } as unknown as Queue;
}

function pendingShards(ids: string[], adds: string[]): Map<string, PendingShard> {
  return new Map(ids.map((id, index) => [id, { shard: { index, start: 0, end: 1, firstLine: 1 }, add: async () => void adds.push(id) }]));
}

describe('waitForShards', () => {
  it('counts finished shards and keeps the reason of failed ones', async () => {
    const adds: string[] = [];
    const progress: QueueProgress[] = [];
    const failed = await waitForShards({
      queue: scriptedQueue({ a: ['waiting', 'active', 'completed'], b: ['active', 'failed'], c: ['completed'] }),
      events: new EventEmitter() as unknown as QueueEvents,
      pending: pendingShards(['a', 'b', 'c'], adds),
      shardDir, total: 4, done: 1, pollMs: 1,
      onProgress: (p) => progress.push(p),
    });
    expect(failed).toEqual([{ shard: { index: 1, start: 0, end: 1, firstLine: 1 }, reason: 'reason of b' }]);
    expect(progress.at(-1)).toEqual({ shards: 4, shardsDone: 3, records: 20 });
    expect(adds).toEqual([]);
  });

  it('adds a vanished job again, and takes a vanished job whose output exists as done', async () => {
    const adds: string[] = [];
    writeFileSync(join(shardDir, shardFileName(1, 'records')), '');
    writeFileSync(join(shardDir, shardFileName(1, 'counts')), JSON.stringify({ shard: {}, counts: { records: 7 } }));
    const progress: QueueProgress[] = [];
    const failed = await waitForShards({
      queue: scriptedQueue({ lost: ['active', 'unknown', 'waiting', 'completed'], written: ['unknown'] }),
      events: new EventEmitter() as unknown as QueueEvents,
      pending: pendingShards(['lost', 'written'], adds),
      shardDir, total: 2, done: 0, pollMs: 1,
      onProgress: (p) => progress.push(p),
    });
    expect(failed).toEqual([]);
    expect(adds).toEqual(['lost']);
    expect(progress.at(-1)).toEqual({ shards: 2, shardsDone: 2, records: 17 });
  });

  it('reports a job that keeps vanishing, with the likely cause', async () => {
    const adds: string[] = [];
    const failed = await waitForShards({
      queue: scriptedQueue({ gone: ['unknown'] }),
      events: new EventEmitter() as unknown as QueueEvents,
      pending: pendingShards(['gone'], adds),
      shardDir, total: 1, done: 0, pollMs: 1,
    });
    expect(adds).toEqual(['gone', 'gone', 'gone']);
    expect(failed.map((f) => f.reason)).toEqual(['the job disappeared from the queue 3 times (is Redis evicting keys? see maxmemory-policy)']);
  });
});
