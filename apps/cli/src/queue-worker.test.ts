/**
 * `airlock worker` against a real redis-server: SIGTERM drains (the shard in
 * hand finishes, no new one starts), a run's --context travels to the shards,
 * and jobs naming files outside the worker's roots (a contract elsewhere, an
 * input behind a symlink) are refused at once, importing and writing nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { startWorker, TEST_CONTRACTS, waitUntil, type WorkerProcess } from './test-support/queue-workers.js';
import { requireRedisServer, startRedisServer, type RedisServer } from './test-support/redis-server.js';
import { cliIsBuilt, runCli, startCli } from './test-support/run-cli.js';

const available = requireRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-worker-'));
const root = join(dir, 'root');
const outside = join(dir, 'outside');
const markers = join(dir, 'markers');
const inRoot = (name: string): string => join(root, name);
let redis: RedisServer | undefined;
const workers: WorkerProcess[] = [];

function worker(queueName: string, extra: string[] = []): WorkerProcess {
  const started = startWorker(['--queue', redis!.url, '--queue-name', queueName, '--root', root, '--root', TEST_CONTRACTS, '--threads', '0', '--lock-ms', '2000', ...extra]);
  workers.push(started);
  return started;
}

/** Every file under a directory: equal listings mean nothing was written there. */
const listing = (path: string): string[] => readdirSync(path, { recursive: true, encoding: 'utf8' }).sort();

beforeAll(async () => {
  if (!available) return;
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  for (const path of [root, outside, markers]) mkdirSync(path, { recursive: true });
  redis = await startRedisServer();
}, 120_000);

afterAll(async () => {
  for (const started of workers) started.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('airlock worker', () => {
  it('drains on SIGTERM: finishes the shard in hand, takes no new one, exits 0', async () => {
    writeFileSync(inRoot('drain.jsonl'), makeTaskLog(1200));
    const contract = `${join(TEST_CONTRACTS, 'task-contract.ts')}#slowTask`;
    const local = await runCli(['batch', inRoot('drain.jsonl'), '--contract', contract, '-o', inRoot('drain-local.ndjson'), '--quiet']);
    expect(local.code, local.stderr).toBe(0);
    const draining = worker('drain');
    const submit = startCli(['batch', inRoot('drain.jsonl'), '--contract', contract, '-o', inRoot('drain.ndjson'), '--queue', redis!.url, '--queue-name', 'drain', '--shard-bytes', '65536', '--quiet']);
    await waitUntil(() => /shard \d+ started/.test(draining.log()), 'a shard to start');
    draining.child.kill('SIGTERM');
    const stopped = await draining.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    // The signal came with a shard in hand (a shard runs ~0.2 s): that shard finished, nothing started after.
    expect(stopped.stderr).toMatch(/shard (\d+) started \(attempt 1\)\nairlock worker: stopping after the shard in hand…\nairlock worker: shard \1 done: \d+ records\n$/);
    worker('drain');
    const queued = await submit.done;
    expect(queued.code, queued.stderr).toBe(0);
    expect(readFileSync(inRoot('drain.ndjson'), 'utf8')).toBe(readFileSync(inRoot('drain-local.ndjson'), 'utf8'));
  }, 120_000);

  it('carries the run\'s --context to every shard: output byte-identical to a local run with it', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: `t${i}`, output: JSON.stringify({ title: `task ${i}`, priority: i % 5, ticket: i % 3 === 0 ? 'T-8' : 'T-7' }) }));
    writeFileSync(inRoot('tickets.jsonl'), `${lines.join('\n')}\n`);
    writeFileSync(inRoot('ctx.json'), '{"ticket_id": "T-7", "labels": ["a", "b"]}\n');
    const contract = `${join(TEST_CONTRACTS, 'task-contract.ts')}#ticketTask`;
    const args = ['--contract', contract, '--context', inRoot('ctx.json'), '--quiet'];
    const local = await runCli(['batch', inRoot('tickets.jsonl'), '-o', inRoot('tickets-local.ndjson'), ...args]);
    expect(local.code, local.stderr).toBe(0);
    worker('context');
    const queued = await runCli(['batch', inRoot('tickets.jsonl'), '-o', inRoot('tickets.ndjson'), '--queue', redis!.url, '--queue-name', 'context', '--shard-bytes', '4096', ...args]);
    expect(queued.code, queued.stderr).toBe(0);
    const output = readFileSync(inRoot('tickets.ndjson'), 'utf8');
    expect(output).toBe(readFileSync(inRoot('tickets-local.ndjson'), 'utf8'));
    expect(JSON.parse(output.slice(0, output.indexOf('\n'))).airlock.context.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The context's check ran on the workers: a third of the tasks name another ticket.
    expect(queued.stdout).toMatch(/^ {2}failed +100 /m);
  }, 120_000);

  it('refuses jobs naming files outside its roots, at once, importing and writing nothing', async () => {
    const zod = import.meta.resolve('zod');
    // Leaves a marker named after the process that imports it (the submitter loads it too).
    writeFileSync(join(outside, 'evil.mjs'), `import { writeFileSync } from 'node:fs';\nimport { z } from '${zod}';\nwriteFileSync(${JSON.stringify(markers)} + '/' + process.pid, '');\nexport const task = z.object({ title: z.string() });\n`);
    writeFileSync(join(outside, 'secret.jsonl'), makeTaskLog(10));
    symlinkSync(join(outside, 'secret.jsonl'), inRoot('innocent.jsonl'));
    writeFileSync(inRoot('small.jsonl'), makeTaskLog(10));
    const before = listing(outside);
    const guard = worker('hostile');

    const evil = await runCli(['batch', inRoot('small.jsonl'), '--contract', `${join(outside, 'evil.mjs')}#task`, '-o', inRoot('evil.ndjson'), '--queue', redis!.url, '--queue-name', 'hostile', '--quiet']);
    expect(evil.code).toBe(1);
    expect(evil.stderr).toMatch(/shard 0 \(lines from 1\): refused: contract module .*outside\/evil\.mjs is outside every root of this worker \(.*root, .*test-support\/?\)/);

    const linked = await runCli(['batch', inRoot('innocent.jsonl'), '--contract', `${join(TEST_CONTRACTS, 'task-contract.ts')}#task`, '-o', inRoot('linked.ndjson'), '--queue', redis!.url, '--queue-name', 'hostile', '--quiet']);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toMatch(/shard 0 \(lines from 1\): refused: input .*root\/innocent\.jsonl \(it resolves to .*outside\/secret\.jsonl\) is outside every root/);

    expect(guard.log().match(/failed, not retried: refused: /g)).toHaveLength(2);
    expect(guard.log()).not.toMatch(/shard \d+ done/);
    expect(readdirSync(markers)).not.toContain(String(guard.child.pid));
    expect(listing(outside)).toEqual(before);
    expect(listing(inRoot('evil.ndjson.shards'))).toEqual(['run.json']);
  }, 120_000);
});
