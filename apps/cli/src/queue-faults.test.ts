/**
 * Faults and scale on a real redis-server run with persistence, as the
 * deployment guide recommends: Redis killed (SIGKILL) in the middle of a run
 * and started again on its data, and four workers over more than 500 tiny
 * shards; each run merges an output byte-identical to a local one, with no
 * shard lost or done twice and a submitter whose memory stays flat.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { redisConnection, submitBatch } from '@airlock/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { startWorker, TEST_CONTRACTS, waitUntil, type WorkerProcess } from './test-support/queue-workers.js';
import { requireRedisServer, startRedisServer, type RedisServer } from './test-support/redis-server.js';
import { cliIsBuilt, runCli, startCli } from './test-support/run-cli.js';

const available = requireRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-faults-'));
const file = (name: string): string => join(dir, name);
let redis: RedisServer | undefined;
const workers: WorkerProcess[] = [];

function worker(queueName: string): WorkerProcess {
  const started = startWorker(['--queue', redis!.url, '--queue-name', queueName, '--root', dir, '--root', TEST_CONTRACTS, '--threads', '0', '--lock-ms', '2000']);
  workers.push(started);
  return started;
}

async function localRun(log: string, contract: string, output: string): Promise<string> {
  const local = await runCli(['batch', log, '--contract', contract, '-o', output, '--threads', '0', '--quiet']);
  expect(local.code, local.stderr).toBe(0);
  return readFileSync(output, 'utf8');
}

/** V8's collector, for heap figures that hold live objects only. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

beforeAll(async () => {
  if (!available) return;
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  mkdirSync(file('redis-data'));
  redis = await startRedisServer({ persistDir: file('redis-data') });
}, 120_000);

afterAll(async () => {
  for (const started of workers) started.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('the queue under faults and at scale', () => {
  it('completes a run through a Redis killed and restarted mid-run, byte-identical to a local run', async () => {
    const contract = `${join(TEST_CONTRACTS, 'task-contract.ts')}#slowTask`;
    writeFileSync(file('restart.jsonl'), makeTaskLog(1200));
    const expected = await localRun(file('restart.jsonl'), contract, file('restart-local.ndjson'));
    const pair = [worker('restart'), worker('restart')];
    const submit = startCli(['batch', file('restart.jsonl'), '--contract', contract, '-o', file('restart.ndjson'), '--queue', redis!.url, '--queue-name', 'restart', '--shard-bytes', '8192', '--quiet']);
    await waitUntil(() => pair.reduce((sum, started) => sum + started.finished().length, 0) >= 2, 'two shards done');
    await redis!.kill();
    expect(submit.child.exitCode, 'the run must still be going when Redis dies').toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await redis!.restart();
    const queued = await submit.done;
    expect(queued.code, queued.stderr).toBe(0);
    expect(readFileSync(file('restart.ndjson'), 'utf8')).toBe(expected);
    // The workers saw the outage and came back on their own.
    expect(pair.some((started) => /Redis: .*; reconnecting…/.test(started.log()))).toBe(true);
    expect(pair.every((started) => started.child.exitCode === null)).toBe(true);
  }, 180_000);

  it('runs 500+ shards on 4 workers with no shard lost or done twice, in flat submitter memory', async () => {
    const contract = join(TEST_CONTRACTS, 'task-contract.ts');
    writeFileSync(file('many.jsonl'), makeTaskLog(1200));
    const expected = await localRun(file('many.jsonl'), `${contract}#task`, file('many-local.ndjson'));
    const four = [worker('many'), worker('many'), worker('many'), worker('many')];
    const gc = collector();
    const heap = (): number => (gc(), process.memoryUsage().heapUsed);
    let early: number | undefined;
    let late = 0;
    const stats = await submitBatch({
      input: file('many.jsonl'), output: file('many.ndjson'), contract: { module: contract, export: 'task' },
      connection: redisConnection(redis!.url), queueName: 'many', shardBytes: 160,
      onProgress: ({ shards, shardsDone }) => {
        // After the first 50 shards (clients, scripts and caches warm), then at a few points to the end.
        if (early === undefined && shardsDone >= 50) early = heap();
        else if (early !== undefined && (shardsDone % 100 === 0 || shardsDone === shards)) late = Math.max(late, heap());
      },
    });
    expect(stats.shards).toBeGreaterThanOrEqual(500);
    expect(readFileSync(file('many.ndjson'), 'utf8')).toBe(expected);
    const finished = four.flatMap((started) => started.finished()).sort((a, b) => a - b);
    expect(finished).toEqual(Array.from({ length: stats.shards }, (_, index) => index));
    expect(four.every((started) => started.finished().length > 0)).toBe(true);
    console.log(`submitter heap: ${(early! / 1e6).toFixed(1)} MB after 50 shards, at most ${(late / 1e6).toFixed(1)} MB to the end of ${stats.shards}`);
    expect(late - early!).toBeLessThan(2e6);
  }, 180_000);
});
