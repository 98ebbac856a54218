/**
 * The batch over BullMQ on a real redis-server: workers killed with SIGKILL
 * in the middle of a shard, a submitter killed and resumed, a contract that
 * changes under a run, and `airlock queue status` on each; every merged output
 * byte-identical to a local `airlock batch` of the same log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { startWorker, TEST_CONTRACTS, waitUntil, type WorkerProcess } from './test-support/queue-workers.js';
import { requireRedisServer, startRedisServer, type RedisServer } from './test-support/redis-server.js';
import { cliIsBuilt, runCli, startCli } from './test-support/run-cli.js';

const available = requireRedisServer();
const RECORDS = 1200;
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-queue-'));
const file = (name: string): string => join(dir, name);
const contract = `${join(TEST_CONTRACTS, 'task-contract.ts')}#slowTask`;
let redis: RedisServer | undefined;
const workers: WorkerProcess[] = [];

function worker(threads = '0', extra: string[] = []): WorkerProcess {
  const started = startWorker(['--queue', redis!.url, '--root', dir, '--root', TEST_CONTRACTS, '--threads', threads, '--lock-ms', '2000', ...extra]);
  workers.push(started);
  return started;
}

const runIdOf = (output: string): string => (JSON.parse(readFileSync(`${output}.shards/run.json`, 'utf8')) as { runId: string }).runId;

beforeAll(async () => {
  if (!available) return;
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  redis = await startRedisServer();
  writeFileSync(file('log.jsonl'), makeTaskLog(RECORDS));
  const local = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('local.ndjson'), '--threads', '1', '--quiet']);
  expect(local.code, local.stderr).toBe(0);
  writeFileSync(file('local.stdout'), local.stdout);
}, 120_000);

afterAll(async () => {
  for (const started of workers) started.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('airlock batch --queue (BullMQ on redis-server)', () => {
  it('survives a worker killed mid-shard and merges an output byte-identical to a local run', async () => {
    const doomed = worker();
    const submit = startCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('queued.ndjson'), '--queue', redis!.url, '--shard-bytes', '16384']);
    await waitUntil(() => /shard \d+ started/.test(doomed.log()), 'the first worker to start a shard');
    // The survivor runs every other shard on one pool of two threads, shared from shard to shard.
    worker('2');
    await new Promise((r) => setTimeout(r, 150));
    doomed.child.kill('SIGKILL');

    const queued = await submit.done;
    expect(queued.code, queued.stderr).toBe(0);
    expect(readFileSync(file('queued.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
    const summary = (stdout: string): string => stdout.replace(/\nthroughput: .*/s, '');
    expect(summary(queued.stdout)).toBe(summary(readFileSync(file('local.stdout'), 'utf8')));
    expect(queued.stdout).toMatch(/\(queue, \d+ shards, /);
    // The submitter names its run, and where to look at it.
    expect(queued.stderr).toMatch(/^airlock batch: run [0-9a-f]{20}: \d+ shards on redis:\/\/127\.0\.0\.1:\d+, queue airlock-batch \(airlock queue status --run [0-9a-f]{20}\)$/m);
  }, 180_000);

  it('shows a run in `airlock queue status` and resumes a killed submitter by enqueueing only the missing shards', async () => {
    const survivor = workers.find((started) => started.child.exitCode === null && started.child.signalCode === null)!;
    const doneBefore = survivor.finished().length;
    const args = ['batch', file('log.jsonl'), '--contract', contract, '-o', file('resumed.ndjson'), '--queue', redis!.url, '--shard-bytes', '16384', '--quiet'];
    const first = startCli(args);
    await waitUntil(() => survivor.finished().length >= doneBefore + 2, 'two shards of the run done');
    first.child.kill('SIGKILL');
    await first.done;
    const runId = runIdOf(file('resumed.ndjson'));
    const shardsOnDisk = (): number => readdirSync(file('resumed.ndjson.shards')).filter((name) => name.endsWith('.ndjson')).length;
    const doneOnDisk = shardsOnDisk();
    expect(doneOnDisk).toBeGreaterThanOrEqual(2);

    const status = await runCli(['queue', 'status', '--run', runId, '--json', '--queue', redis!.url]);
    expect(status.code, status.stderr).toBe(0);
    const [run] = (JSON.parse(status.stdout) as { runs: { runId: string; shards: number; done: number; running: number; waiting: number; failed: number; records: number; throughput?: { recordsPerSecond: number } }[] }).runs;
    expect(run?.runId).toBe(runId);
    expect(run!.done).toBeGreaterThanOrEqual(doneOnDisk);
    expect(run!.done + run!.running + run!.waiting + run!.failed).toBe(run!.shards);
    expect(run!.records).toBeGreaterThan(0);
    expect(run!.throughput?.recordsPerSecond).toBeGreaterThan(0);
    const text = await runCli(['queue', 'status', '--queue', redis!.url]);
    expect(text.stdout).toMatch(/^workers alive: 1 \(\S+-\d+ at 127\.0\.0\.1:\d+\)$/m);
    // A shard the killed submitter had already sent may be counted between the two reads (seen once: 6, then 7).
    const line = new RegExp(`^run ${runId}: (\\d+) shards: \\d+ done, \\d+ running, \\d+ waiting, 0 failed$`, 'm').exec(text.stdout);
    expect(line, text.stdout).not.toBeNull();
    expect(Number(line![1])).toBeGreaterThanOrEqual(run!.shards);

    const startedBefore = (survivor.log().match(/ started /g) ?? []).length;
    const second = await runCli([...args, '--resume']);
    expect(second.code, second.stderr).toBe(0);
    const total = Number(/\(queue, (\d+) shards/.exec(second.stdout)?.[1]);
    // Shards finished before the kill are not run again (the one in hand may finish meanwhile).
    expect((survivor.log().match(/ started /g) ?? []).length - startedBefore).toBeLessThanOrEqual(total - doneOnDisk);
    expect(readFileSync(file('resumed.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
    // Merged: the run's jobs are gone from the queue.
    const after = await runCli(['queue', 'status', '--run', runId, '--queue', redis!.url]);
    expect(after.stdout).toContain(`run ${runId}: no shards on the queue`);
  }, 180_000);

  it('refuses a job whose contract changed since it was submitted, reports the shard, and shows it in queue status', async () => {
    // A contract module whose schema changes between the submitter's load and the worker's.
    const moving = file('moving-contract.mjs');
    const zod = import.meta.resolve('zod');
    writeFileSync(moving, `import { z } from '${zod}';\nexport const task = z.object({ title: z.string(), n: z.number() });\n`);
    writeFileSync(file('small.jsonl'), makeTaskLog(20));
    const submit = startCli(['batch', file('small.jsonl'), '--contract', `${moving}#task`, '-o', file('moving.ndjson'), '--queue', redis!.url, '--queue-name', 'fingerprints', '--quiet']);
    // The submitter has loaded the contract once it has planned its shards.
    await waitUntil(() => existsSync(file('moving.ndjson.shards/run.json')), 'the run to be planned');
    writeFileSync(moving, `import { z } from '${zod}';\nexport const task = z.object({ title: z.string(), n: z.string() });\n`);
    const refusing = worker('0', ['--queue-name', 'fingerprints']);
    const result = await submit.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^airlock batch: 1 shard\(s\) failed past their retry limit: shard 0 \(lines from 1\): refused: contract module .*moving-contract\.mjs is not the file the run was submitted with: its source fingerprint here is sha256:\w+, the job's is sha256:\w+; it was not loaded; the other shards are kept, rerun with --resume$/m);
    // Refused once, never retried.
    expect(refusing.log().match(/shard 0 failed, not retried: /g)).toHaveLength(1);

    const runId = runIdOf(file('moving.ndjson'));
    const status = await runCli(['queue', 'status', '--run', runId, '--queue-name', 'fingerprints', '--queue', redis!.url]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`run ${runId}: 1 shard: 0 done, 0 running, 0 waiting, 1 failed`);
    expect(status.stdout).toMatch(/^ {2}failed: shard 0 \(lines from 1\) after 1 attempt: refused: contract module .*moving-contract\.mjs is not the file/m);
  }, 120_000);
});
