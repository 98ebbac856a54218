import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintContext } from './batch-context.js';
import { BatchError } from './batch-error.js';
import { createBatchPool, WORKER_URL } from './batch-pool.js';
import { runBatch } from './run-batch.js';
import { readRecords } from './test-support/batch-records.js';
import { makeTicketLog } from './test-support/ticket-contract.js';
import { tempDir } from './test-support/temp-dir.js';
import type { RunBatchOptions } from './types.js';

const RECORDS = 300;
const dir = tempDir('run-batch-context');
const input = dir.file('log.jsonl');
const contract = { module: fileURLToPath(new URL('./test-support/ticket-contract.ts', import.meta.url)), export: 'ticketContract' };
const context = { ticket_id: 'T-1', labels: ['a', 'b'], nested: { z: 1, a: 2 } };
let reference = '';

function options(output: string, extra: Partial<RunBatchOptions> = {}): RunBatchOptions {
  return { input, output: dir.file(output), contract, threads: 0, chunkSize: 50, ...extra };
}

async function batchError(run: Promise<unknown>): Promise<BatchError> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BatchError);
  expect((error as BatchError).message).not.toContain('\n');
  return error as BatchError;
}

function metadataOf(name: string): { airlock: { context?: { fingerprint: string } } } {
  return JSON.parse(readFileSync(dir.file(name), 'utf8').split('\n', 1)[0]!) as { airlock: { context?: { fingerprint: string } } };
}

beforeAll(async () => {
  expect(existsSync(WORKER_URL), 'the pool loads dist/worker-entry.cjs: build @airlock/worker first').toBe(true);
  writeFileSync(input, makeTicketLog(RECORDS));
  await runBatch(options('reference.ndjson', { context }));
  reference = readFileSync(dir.file('reference.ndjson'), 'utf8');
}, 60_000);
afterAll(() => dir.remove());

describe('runBatch with a context', () => {
  it("passes the context to every record's checks and records its fingerprint", async () => {
    const records = await readRecords(dir.file('reference.ndjson'));
    expect(records).toHaveLength(RECORDS);
    const valid = records.filter((r) => r.result.success);
    expect(valid).toHaveLength((RECORDS * 3) / 4);
    for (const record of records.filter((r) => !r.result.success)) {
      expect(record.result).toMatchObject({ failure: 'schema', validationErrors: [{ message: 'ticket differs' }] });
    }
    expect(metadataOf('reference.ndjson').airlock.context).toEqual({ fingerprint: fingerprintContext(context) });
    expect(fingerprintContext(context)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('refuses every record without the context, naming the missing key', async () => {
    const stats = await runBatch(options('none.ndjson'));
    expect(stats.failed).toBe(RECORDS);
    for (const record of await readRecords(dir.file('none.ndjson'))) {
      expect(record.result.success).toBe(false);
      expect(JSON.stringify(record.result)).toContain('context.ticket_id');
    }
    expect(metadataOf('none.ndjson').airlock.context).toBeUndefined();
  });

  it('gives byte-identical output inline and on 2 threads', async () => {
    await runBatch(options('threads.ndjson', { context, threads: 2, chunkSize: 7 }));
    expect(readFileSync(dir.file('threads.ndjson'), 'utf8')).toBe(reference);
  });

  it('fingerprints the context by content, not key order', () => {
    expect(fingerprintContext({ nested: { a: 2, z: 1 }, labels: ['a', 'b'], ticket_id: 'T-1' })).toBe(fingerprintContext(context));
    expect(fingerprintContext({ ...context, labels: ['b', 'a'] })).not.toBe(fingerprintContext(context));
  });

  it('keeps the contexts of runs sharing a pool apart', async () => {
    const pool = createBatchPool({ threads: 2 });
    try {
      const [one, two] = await Promise.all([
        runBatch({ input, output: dir.file('pool-1.ndjson'), contract, chunkSize: 7, context, pool }),
        runBatch({ input, output: dir.file('pool-2.ndjson'), contract, chunkSize: 7, context: { ticket_id: 'T-2' }, pool }),
      ]);
      expect(one.validUntouched + one.validRepaired).toBe((RECORDS * 3) / 4);
      expect(two.validUntouched + two.validRepaired).toBe(RECORDS / 4);
    } finally {
      await pool.close();
    }
    expect(readFileSync(dir.file('pool-1.ndjson'), 'utf8')).toBe(reference);
  });

  it.each([
    { name: 'an array', value: ['ticket_id'], message: /context must be a plain JSON object, got an array/ },
    { name: 'null', value: null, message: /context must be a plain JSON object, got null/ },
    { name: 'a BigInt inside', value: { ticket_id: 1n }, message: /context must be plain JSON data: .*BigInt/ },
  ])('refuses $name as a context with a usage error', async ({ value, message }) => {
    const error = await batchError(runBatch(options('bad.ndjson', { context: value as never })));
    expect(error.kind).toBe('usage');
    expect(error.message).toMatch(message);
    expect(existsSync(dir.file('bad.ndjson'))).toBe(false);
  });
});

describe('resuming a run with a context', () => {
  async function interrupted(name: string): Promise<void> {
    const controller = new AbortController();
    const stats = await runBatch(options(name, { context, signal: controller.signal, onProgress: (p) => { if (p.records >= 100) controller.abort(); } }));
    expect(stats.complete).toBe(false);
  }

  it('refuses another context, or none, in one line', async () => {
    await interrupted('resume.ndjson');
    const other = await batchError(runBatch(options('resume.ndjson', { context: { ...context, ticket_id: 'T-2' }, resume: true })));
    expect(other.kind).toBe('refused');
    expect(other.message).toBe(`cannot resume: ${dir.file('resume.ndjson')} was made with context ${fingerprintContext(context)}, this run gives context ${fingerprintContext({ ...context, ticket_id: 'T-2' })}; pass --force to start over`);
    const none = await batchError(runBatch(options('resume.ndjson', { resume: true })));
    expect(none.message).toMatch(/was made with context sha256:[0-9a-f]+, this run gives none;/);
  });

  it('continues with the same context (keys in any order) to the same output', async () => {
    const stats = await runBatch(options('resume.ndjson', { context: { nested: { a: 2, z: 1 }, ticket_id: 'T-1', labels: ['a', 'b'] }, resume: true }));
    expect(stats).toMatchObject({ complete: true, records: RECORDS });
    expect(stats.resumedFrom).toBeGreaterThanOrEqual(100);
    expect(readFileSync(dir.file('resume.ndjson'), 'utf8')).toBe(reference);
  });

  it('refuses a context when the run had none', async () => {
    const controller = new AbortController();
    await runBatch(options('plain.ndjson', { signal: controller.signal, onProgress: () => controller.abort() }));
    const error = await batchError(runBatch(options('plain.ndjson', { context, resume: true })));
    expect(error.message).toContain('was made without a context, this run gives context sha256:');
  });
});
