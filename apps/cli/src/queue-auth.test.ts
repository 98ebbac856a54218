/**
 * Redis as deployed: an ACL user with a password, the URL taken from
 * AIRLOCK_REDIS_URL (never in the process list), TLS with a private CA; and
 * one clear line, at once, for a wrong password, a missing one or an
 * untrusted certificate. Each against a real redis-server.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { startWorker, TEST_CONTRACTS, type WorkerProcess } from './test-support/queue-workers.js';
import { makeTlsCertificates, requireRedisServer, startRedisServer, type RedisServer } from './test-support/redis-server.js';
import { cliIsBuilt, runCli } from './test-support/run-cli.js';

const available = requireRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-auth-'));
const file = (name: string): string => join(dir, name);
const contract = `${join(TEST_CONTRACTS, 'task-contract.ts')}#task`;
const USER = { name: 'airlock', password: 'pa:ss@w/rd' };
let redis: RedisServer | undefined;
let tlsRedis: RedisServer | undefined;
let tlsUnavailable: string | undefined;
const workers: WorkerProcess[] = [];
const savedUrl = process.env['AIRLOCK_REDIS_URL'];

beforeAll(async () => {
  if (!available) return;
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  redis = await startRedisServer({ user: USER });
  writeFileSync(file('log.jsonl'), makeTaskLog(400));
  const local = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('local.ndjson'), '--quiet']);
  expect(local.code, local.stderr).toBe(0);
  const tls = makeTlsCertificates(join(dir, 'tls'));
  if (typeof tls === 'string') tlsUnavailable = tls;
  else tlsRedis = await startRedisServer({ user: USER, tls }).catch((error: Error) => ((tlsUnavailable = `this redis-server cannot serve TLS: ${error.message.split('\n', 1)[0]}`), undefined));
}, 120_000);

afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await redis?.stop();
  await tlsRedis?.stop();
  if (savedUrl === undefined) delete process.env['AIRLOCK_REDIS_URL'];
  else process.env['AIRLOCK_REDIS_URL'] = savedUrl;
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('Redis with a password, and with TLS', () => {
  it('runs a batch with the password in AIRLOCK_REDIS_URL only, never on a command line', async () => {
    // Children inherit the variable: neither the worker's nor the submitter's arguments hold the URL.
    process.env['AIRLOCK_REDIS_URL'] = redis!.url;
    const worker = startWorker(['--root', dir, '--root', TEST_CONTRACTS, '--threads', '0']);
    workers.push(worker);
    const queued = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('queued.ndjson'), '--queue', 'env', '--shard-bytes', '8192']);
    expect(queued.code, queued.stderr).toBe(0);
    expect(readFileSync(file('queued.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
    expect(readFileSync(`/proc/${worker.child.pid}/cmdline`, 'utf8')).not.toContain(USER.password);
    // Logs spell the URL without its password.
    expect(worker.log()).toContain(`waiting for shards on redis://airlock:***@127.0.0.1:${redis!.port} (queue airlock-batch; Redis `);
    expect(queued.stderr).toContain(`on redis://airlock:***@127.0.0.1:${redis!.port}, queue airlock-batch`);
    expect(worker.log() + queued.stderr + queued.stdout).not.toContain('w/rd');

    const status = await runCli(['queue', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^queue airlock-batch on redis://airlock:\\*\\*\\*@127\\.0\\.0\\.1:${redis!.port} \\(Redis \\d+\\.\\d+\\.\\d+, persistence OFF \\(a restart loses the queue\\), eviction noeviction\\)$`, 'm'));
    expect(status.stdout).toMatch(/^workers alive: 1 /m);
  }, 120_000);

  it('says in one line, at once, that a password is wrong or missing (ACL user or requirepass)', async () => {
    const port = redis!.port;
    const wrong = await runCli(['queue', 'status', '--queue', `redis://airlock:hunter2@127.0.0.1:${port}`]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(`airlock queue: cannot use Redis at redis://airlock:***@127.0.0.1:${port}: it refused the user name or password\n`);
    const missing = await runCli(['worker', '--queue', `redis://127.0.0.1:${port}`, '--root', dir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`airlock worker: cannot use Redis at redis://127.0.0.1:${port}: it requires a password (redis://user:password@host, best given through AIRLOCK_REDIS_URL)\n`);
    delete process.env['AIRLOCK_REDIS_URL'];
    const unset = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('never.ndjson'), '--queue', 'env']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe('airlock batch: --queue env reads the Redis URL from AIRLOCK_REDIS_URL, which is not set (see airlock batch --help)\n');
    const none = await runCli(['queue', 'status']);
    expect(none.stderr).toBe('airlock queue: needs --queue redis://host:port, or the URL in AIRLOCK_REDIS_URL (see airlock queue --help)\n');

    // requirepass (the default user's password) works the same, as redis://:password@host.
    const plain = await startRedisServer({ password: 's3cret' });
    try {
      const right = await runCli(['queue', 'status', '--queue', plain.url]);
      expect(right.code, right.stderr).toBe(0);
      expect(right.stdout).toContain(`queue airlock-batch on redis://:***@127.0.0.1:${plain.port} (Redis `);
      const bad = await runCli(['queue', 'status', '--queue', `redis://:nope@127.0.0.1:${plain.port}`]);
      expect(bad.stderr).toBe(`airlock queue: cannot use Redis at redis://:***@127.0.0.1:${plain.port}: it refused the user name or password\n`);
    } finally {
      await plain.stop();
    }
  }, 60_000);

  it('runs a batch over TLS with the CA given, and refuses a server it cannot verify', async (context) => {
    if (tlsRedis === undefined) {
      console.warn(`\n!!! SKIPPING the TLS test: ${tlsUnavailable}\n`);
      context.skip();
    }
    const ca = join(dir, 'tls', 'ca.pem');
    const args = ['--queue', tlsRedis!.url, '--queue-name', 'tls'];
    const worker = startWorker([...args, '--queue-ca', ca, '--root', dir, '--root', TEST_CONTRACTS, '--threads', '0']);
    workers.push(worker);
    const queued = await runCli(['batch', file('log.jsonl'), '--contract', contract, '-o', file('tls.ndjson'), ...args, '--queue-ca', ca, '--shard-bytes', '8192', '--quiet']);
    expect(queued.code, queued.stderr).toBe(0);
    // Not even a warning (Node's, about a server name that is an IP address).
    expect(queued.stderr).toBe('');
    expect(readFileSync(file('tls.ndjson'), 'utf8')).toBe(readFileSync(file('local.ndjson'), 'utf8'));
    expect(worker.log()).toContain(`waiting for shards on rediss://airlock:***@127.0.0.1:${tlsRedis!.port} (queue tls;`);

    const unverified = await runCli(['queue', 'status', ...args]);
    expect(unverified.code).toBe(1);
    expect(unverified.stderr).toMatch(new RegExp(`^airlock queue: cannot use Redis at rediss://airlock:\\*\\*\\*@127\\.0\\.0\\.1:${tlsRedis!.port}: TLS: .*certificate.* \\(give the certificate authority with --queue-ca\\)\\n$`));
    const plain = await runCli(['queue', 'status', '--queue', redis!.url, '--queue-ca', ca]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^airlock queue: a CA certificate is for TLS: use a rediss:\/\/ URL, not "redis:\/\/airlock:\*\*\*@127\.0\.0\.1:\d+"/);
  }, 120_000);
});
