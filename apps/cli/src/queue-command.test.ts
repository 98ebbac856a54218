/**
 * The batch over BullMQ on a real redis-server: two worker processes, one
 * killed with SIGKILL in the middle of a shard, and a merged output that is
 * byte-identical to a local `airlock batch` of the same log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { ensureRedisServer, startRedisServer, type RedisServer } from './test-support/redis-server.js';
import { cliIsBuilt, runCli, startCli, type CliProcess } from './test-support/run-cli.js';

const unavailable = ensureRedisServer();
if (unavailable !== undefined) {
  if (process.env['CI'] !== undefined) throw new Error(`the queue tests must run on CI: ${unavailable}`);
  console.warn(`\n!!! SKIPPING the BullMQ/Redis tests: ${unavailable}\n`);
}

const RECORDS = 1200;
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-queue-'));
const file = (name: string): string => join(dir, name);
const contract = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#slowTask`;
let redis: RedisServer | undefined;
const workers: CliProcess[] = [];

function startWorker(threads = '0'): CliProcess {
  const worker = startCli(['worker', '--queue', redis!.url, '--threads', threads, '--lock-ms', '2000']);
  workers.push(worker);
  return worker;
}

/** Resolves when the worker's log says it started a shard. */
function whenShardStarts(worker: CliProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    worker.child.stderr?.on('data', (data: Buffer | string) => {
      log += String(data);
      if (/shard \d+ started/.test(log)) resolve();
    });
    void worker.done.then(() => reject(new Error(`worker ended before starting a shard: ${log}`)));
  });
}

beforeAll(async () => {
  if (unavailable !== undefined) return;
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  redis = await startRedisServer();
  writeFileSync(file('log.jsonl'), makeTaskLog(RECORDS));
}, 120_000);

afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(unavailable !== undefined)('airlock batch --queue (BullMQ on redis-server)', () => {
  it('survives a worker killed mid-shard and merges an output byte-identical to a local run', async () => {
    const local = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('local.ndjson'), '--threads', '1', '--quiet']);
    expect(local.code, local.stderr).toBe(0);

    const doomed = startWorker();
    const started = whenShardStarts(doomed);
    const submit = startCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('queued.ndjson'), '--queue', redis!.url, '--shard-bytes', '16384', '--quiet']);
    await started;
    // The survivor runs every other shard on one pool of two threads, shared from shard to shard.
    startWorker('2');
    await new Promise((r) => setTimeout(r, 150));
    doomed.child.kill('SIGKILL');

    const queued = await submit.done;
    expect(queued.code, queued.stderr).toBe(0);
    expect(readFileSync(file('queued.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
    const summary = (stdout: string): string => stdout.replace(/\nthroughput: .*/s, '');
    expect(summary(queued.stdout)).toBe(summary(local.stdout));
    expect(queued.stdout).toMatch(/\(queue, \d+ shards, /);
  }, 180_000);

  it('resumes a killed submitter by enqueueing only the missing shards', async () => {
    const worker = startWorker();
    let log = '';
    worker.child.stderr?.on('data', (data: Buffer | string) => (log += String(data)));
    const args = ['batch', file('log.jsonl'), '--contract', contract, '-o', file('resumed.ndjson'), '--queue', redis!.url, '--shard-bytes', '16384', '--quiet'];
    const first = startCli(args);
    while ((log.match(/ done: /g) ?? []).length < 2) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.done;
    const doneBefore = readdirSync(file('resumed.ndjson.shards')).filter((name) => name.endsWith('.ndjson')).length;
    expect(doneBefore).toBeGreaterThanOrEqual(2);
    const startedBefore = (log.match(/ started /g) ?? []).length;
    const second = await runCli([...args, '--resume']);
    expect(second.code, second.stderr).toBe(0);
    const total = Number(/\(queue, (\d+) shards/.exec(second.stdout)?.[1]);
    // Shards finished before the kill are not run again (the one in hand may finish meanwhile).
    expect((log.match(/ started /g) ?? []).length - startedBefore).toBeLessThanOrEqual(total - doneBefore);
    expect(readFileSync(file('resumed.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
  }, 180_000);

  it('refuses a job whose contract fingerprint differs from the worker\'s own load, and reports the shard', async () => {
    // A contract module whose schema changes between the submitter's load and the worker's.
    const moving = file('moving-contract.mjs');
    const zod = import.meta.resolve('zod');
    writeFileSync(moving, `import { z } from '${zod}';\nexport const task = z.object({ title: z.string(), n: z.number() });\n`);
    writeFileSync(file('small.jsonl'), makeTaskLog(20));
    const submit = startCli(['batch', file('small.jsonl'), '--contract', `${moving}#task`, '-o', file('moving.ndjson'), '--queue', redis!.url, '--queue-name', 'fingerprints', '--quiet']);
    // The submitter has loaded the contract once it has planned its shards.
    while (!existsSync(file('moving.ndjson.shards/run.json'))) await new Promise((r) => setTimeout(r, 50));
    writeFileSync(moving, `import { z } from '${zod}';\nexport const task = z.object({ title: z.string(), n: z.string() });\n`);
    workers.push(startCli(['worker', '--queue', redis!.url, '--queue-name', 'fingerprints', '--threads', '0']));
    const result = await submit.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/shard 0 .*fingerprint/);
  }, 120_000);
});
