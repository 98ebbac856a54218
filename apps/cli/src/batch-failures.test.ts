import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-failures-'));
const file = (name: string) => join(dir, name);
const contract = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('airlock batch failure paths', () => {
  it('commits the records of a gzip log cut half-way and says how many, exit 1', async () => {
    const gz = gzipSync(makeTaskLog(3000));
    writeFileSync(file('cut.jsonl.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
    const run = await runCli(['batch', file('cut.jsonl.gz'), '-c', contract, '-o', file('cut.ndjson'), '--quiet']);
    expect(run.code).toBe(1);
    const match = /^airlock batch: cannot read input .*cut\.jsonl\.gz after line \d+: unexpected end of file; the (\d+) records read before it are committed to .*cut\.ndjson \(checkpoint kept: rerun with --resume once the input is fixed\)\n$/.exec(run.stderr);
    expect(match, run.stderr).not.toBeNull();
    const written = readFileSync(file('cut.ndjson'), 'utf8').trimEnd().split('\n').length - 1;
    expect(written).toBe(Number(match![1]));
    expect(written).toBeGreaterThan(0);
  });

  it('never reports as completed a run whose first checkpoint could not be written', async () => {
    writeFileSync(file('log.jsonl'), makeTaskLog(50));
    // The checkpoint's temporary path is a directory: writing it fails as on a full disk.
    mkdirSync(file('out.ndjson.checkpoint.json.tmp'));
    const first = await runCli(['batch', file('log.jsonl'), '-c', contract, '-o', file('out.ndjson'), '--quiet']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/^airlock batch: cannot write checkpoint .*out\.ndjson\.checkpoint\.json: is a directory\n$/);
    const resumed = await runCli(['batch', file('log.jsonl'), '-c', contract, '-o', file('out.ndjson'), '--resume', '--quiet']);
    expect(resumed.stderr).not.toMatch(/completed/);
    rmSync(file('out.ndjson.checkpoint.json.tmp'), { recursive: true });
    const fixed = await runCli(['batch', file('log.jsonl'), '-c', contract, '-o', file('out.ndjson'), '--resume', '--quiet']);
    expect(fixed.code).toBe(0);
  });

  it('refuses more threads than the measured safe maximum in one line', async () => {
    writeFileSync(file('small.jsonl'), makeTaskLog(5));
    const run = await runCli(['batch', file('small.jsonl'), '-c', contract, '-o', file('threads.ndjson'), '--threads', '33']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^airlock batch: threads must be at most 32, got 33: [^\n]+\n$/);
  });

  it('refuses the same for a queue worker, before it takes any job', async () => {
    const run = await runCli(['worker', '--queue', 'redis://127.0.0.1:1', '--threads', '64']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^airlock worker: --threads must be at most 32, got 64: [^\n]+\n$/);
  });
});
