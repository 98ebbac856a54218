/**
 * The calling thread as one of a run's threads: a run on `threads: n` with a pool of its own
 * starts n − 1 worker threads and parses on the calling thread too (which thread parsed each
 * record is read from the output, see thread-probe-contract.ts); with a heap cap it never parses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNKS_QUEUED_PER_WORKER, createSharingGate, sharedChunksInFlight } from './calling-thread-share.js';
import { runBatch } from './run-batch.js';
import type { RunBatchOptions } from './types.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('calling-thread-share');
const contract = { module: fileURLToPath(new URL('./test-support/thread-probe-contract.ts', import.meta.url)), export: 'threadProbe' };
afterAll(() => dir.remove());

/**
 * Runs `records` records in chunks of 20 and returns the thread id each record's data names, in
 * order. 40,000 outlast a worker thread's start-up, so every thread started gets chunks.
 */
async function threadsOfRecords(name: string, records: number, options: Partial<RunBatchOptions>): Promise<number[]> {
  const input = dir.file(`${name}.jsonl`);
  writeFileSync(input, Array.from({ length: records }, (_, i) => JSON.stringify({ id: i, output: `{"a": ${i}}` })).join('\n') + '\n');
  const output = dir.file(`${name}.ndjson`);
  const stats = await runBatch({ input, output, contract, inlineBelowBytes: 0, chunkSize: 20, ...options });
  expect(stats.records).toBe(records);
  const lines = readFileSync(output, 'utf8').trimEnd().split('\n').slice(1);
  return lines.map((line, i) => {
    const data = (JSON.parse(line) as { data: { a: number; thread: number } }).data;
    expect(data.a).toBe(i);
    return data.thread;
  });
}

describe('a run on its own pool of 2 threads', () => {
  it('parses on the calling thread and on one worker thread', async () => {
    const threads = new Set(await threadsOfRecords('two', 40_000, { threads: 2 }));
    expect(threads.has(threadId)).toBe(true);
    expect(threads.size).toBe(2);
  }, 60_000);

  it('never parses on the calling thread under a thread heap cap', async () => {
    const threads = new Set(await threadsOfRecords('capped', 200, { threads: 2, threadHeapMb: 256 }));
    // Worker threads only (one may have taken every chunk before the other started).
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A gate over `workers` workers whose warm-up answers at once, on a clock the test moves. */
async function readyGate(workers: number): Promise<{ gate: ReturnType<typeof createSharingGate>; clock: { now: number } }> {
  const clock = { now: 0 };
  const gate = createSharingGate(workers, sharedChunksInFlight(workers + 1), () => Promise.resolve(), () => clock.now);
  await tick();
  return { gate, clock };
}

describe('createSharingGate', () => {
  it('runs every chunk here until a worker answered its warm-up', async () => {
    const warmUp = deferred();
    const gate = createSharingGate(1, 8, () => warmUp.promise);
    expect(gate.runHere()).toBe(true);
    warmUp.resolve();
    await tick();
    expect(gate.runHere()).toBe(false);
  });

  it('gives each worker one chunk until both sides have a speed', async () => {
    const { gate } = await readyGate(2);
    gate.track(new Promise(() => {}), 1000);
    expect(gate.runHere()).toBe(false);
    gate.track(new Promise(() => {}), 1000);
    expect(gate.runHere()).toBe(true);
  });

  it('fills every worker\'s queue when the workers are as fast as the calling thread', async () => {
    const { gate, clock } = await readyGate(1);
    gate.ranHere!(1000, 10);
    const first = deferred();
    gate.track(first.promise, 1000);
    clock.now = 10;
    first.resolve();
    await tick();
    for (let k = 0; k < CHUNKS_QUEUED_PER_WORKER; k++) {
      expect(gate.runHere()).toBe(false);
      gate.track(new Promise(() => {}), 1000);
    }
    expect(gate.runHere()).toBe(true);
  });

  it('keeps one chunk on a worker ten times slower than the calling thread', async () => {
    const { gate, clock } = await readyGate(1);
    gate.ranHere!(1000, 10);
    const first = deferred();
    gate.track(first.promise, 1000);
    clock.now = 100;
    first.resolve();
    await tick();
    expect(gate.runHere()).toBe(false);
    gate.track(new Promise(() => {}), 1000);
    expect(gate.runHere()).toBe(true);
  });

  it('frees a place when a chunk fails', async () => {
    const { gate } = await readyGate(1);
    let fail!: (error: Error) => void;
    const failing = gate.track(new Promise<never>((_, reject) => (fail = reject)), 1000);
    expect(gate.runHere()).toBe(true);
    fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(gate.runHere()).toBe(false);
  });

  it('keeps every worker\'s queue and eight more chunks in flight', () => {
    expect(sharedChunksInFlight(2)).toBe(3 * CHUNKS_QUEUED_PER_WORKER);
  });
});
