import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { createBatchPool } from './batch-pool.js';
import { runBatch } from './run-batch.js';
import { makeRunLog } from './test-support/make-run-log.js';
import { tempDir } from './test-support/temp-dir.js';
import type { RunBatchOptions } from './types.js';

const dir = tempDir('batch-pool');
const schemas = fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url));
const input = dir.file('log.jsonl');
const task = { module: schemas, export: 'taskSchema' };
const titleOnly = { module: schemas, export: 'titleOnly' };

function options(output: string, extra: Partial<RunBatchOptions> = {}): RunBatchOptions {
  return { input, output: dir.file(output), contract: task, chunkSize: 40, ...extra };
}

const results = (name: string): string => readFileSync(dir.file(name), 'utf8');

beforeAll(async () => {
  writeFileSync(input, makeRunLog(300));
  await runBatch(options('task.ndjson', { threads: 0 }));
  await runBatch(options('title.ndjson', { threads: 0, contract: titleOnly }));
}, 60_000);
afterAll(() => dir.remove());

describe('createBatchPool', () => {
  it('runs several batches, with different contracts and at the same time, byte-identical to inline runs', async () => {
    const pool = createBatchPool({ threads: 2 });
    try {
      const first = await runBatch(options('p1.ndjson', { pool }));
      expect(first).toMatchObject({ threads: 2, records: 300, complete: true });
      // The first run leaves the pool open: the next ones run on the same threads.
      await Promise.all([runBatch(options('p2.ndjson', { pool })), runBatch(options('p3.ndjson', { pool, contract: titleOnly }))]);
    } finally {
      await pool.close();
    }
    expect(results('p1.ndjson')).toBe(results('task.ndjson'));
    expect(results('p2.ndjson')).toBe(results('task.ndjson'));
    expect(results('p3.ndjson')).toBe(results('title.ndjson'));
    expect(results('p3.ndjson')).not.toBe(results('task.ndjson'));
  }, 60_000);

  it('refuses a closed pool, a pool given with threads, and a thread count below 1, in one line each', async () => {
    const pool = createBatchPool({ threads: 1 });
    const both = await runBatch(options('x.ndjson', { pool, threads: 2 })).catch((e: unknown) => e);
    expect(both).toBeInstanceOf(BatchError);
    expect((both as BatchError).message).toMatch(/either a pool or threads/);
    await pool.close();
    await pool.close();
    const closed = await runBatch(options('x.ndjson', { pool })).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(BatchError);
    expect((closed as BatchError).message).toBe('the batch pool is closed (or was not made by createBatchPool)');
    expect(() => createBatchPool({ threads: 0 })).toThrow('threads must be an integer from 1 to 32, got 0');
    expect(() => createBatchPool({ threads: 33 })).toThrow(/^threads must be at most 32, got 33: /);
  }, 60_000);
});
