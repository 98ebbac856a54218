import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { lockPath } from './guard-batch-output.js';
import { runBatch } from './run-batch.js';
import { makeRunLog } from './test-support/make-run-log.js';
import { tempDir } from './test-support/temp-dir.js';
import type { RunBatchOptions } from './types.js';

const dir = tempDir('guard-output');
const input = dir.file('log.jsonl');
const contract = { module: fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url)), export: 'taskSchema' };
let log = '';

function run(output: string, extra: Partial<RunBatchOptions> = {}): Promise<unknown> {
  return runBatch({ input, output, contract, threads: 0, ...extra });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BatchError);
  expect((error as BatchError).kind).toBe('refused');
  expect((error as BatchError).message).not.toContain('\n');
  return (error as BatchError).message;
}

beforeAll(() => {
  log = makeRunLog(30);
  writeFileSync(input, log);
});
afterAll(() => dir.remove());

describe('the batch output is never the input, and never shared', () => {
  it('refuses to write over its own input, even with --force, and leaves the log intact', async () => {
    expect(await refusal(run(input, { force: true }))).toMatch(/is the input/);
    expect(await refusal(run(`${dir.path}/./log.jsonl`, { force: true }))).toMatch(/is the input/);
    expect(readFileSync(input, 'utf8')).toBe(log);
  });

  it('refuses the input under another name (same device and inode)', async () => {
    linkSync(input, dir.file('alias.jsonl'));
    expect(await refusal(run(dir.file('alias.jsonl'), { force: true }))).toMatch(/is the input/);
    expect(readFileSync(input, 'utf8')).toBe(log);
  });

  it('refuses an output whose lock a live run holds, naming the holder', async () => {
    const output = dir.file('held.ndjson');
    writeFileSync(lockPath(output), JSON.stringify({ pid: process.pid, host: hostname(), started: '2026-11-23T00:00:00Z' }));
    expect(await refusal(run(output))).toMatch(new RegExp(`being written by another run \\(pid ${process.pid} on `));
    expect(existsSync(output)).toBe(false);
  });

  it('takes over a stale lock left by a dead run, and removes its own lock when done', async () => {
    const output = dir.file('stale.ndjson');
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(lockPath(output), JSON.stringify({ pid: dead, host: hostname(), started: '2026-11-23T00:00:00Z' }));
    await run(output);
    expect(readFileSync(output, 'utf8').split('\n').length).toBeGreaterThan(30);
    expect(existsSync(lockPath(output))).toBe(false);
  });
});

describe('thread count', () => {
  it('is capped with a clear one-line reason', async () => {
    const error = await run(dir.file('many.ndjson'), { threads: 128 }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as BatchError).message).toMatch(/^threads must be at most 32, got 128: /);
    expect(existsSync(dir.file('many.ndjson'))).toBe(false);
  });
});
