import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { BIN, cliIsBuilt, runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-guard-'));
const file = (name: string) => join(dir, name);
const contract = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a bash pipeline with `airlock` standing for the built bin; prints the CLI's own status last. */
function pipeline(script: string): { stdout: string; stderr: string; status: number } {
  const run = spawnSync('bash', ['-c', `airlock() { "${process.execPath}" "${BIN}" "$@"; }; ${script}; echo "status=\${PIPESTATUS[0]}"`], { cwd: dir, encoding: 'utf8' });
  const status = Number(/status=(\d+)\s*$/.exec(run.stdout)?.[1] ?? NaN);
  return { stdout: run.stdout.replace(/status=\d+\s*$/, ''), stderr: run.stderr, status };
}

describe('the airlock process', () => {
  it('is built', () => expect(cliIsBuilt()).toBe(true));

  it('prints its version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });

  it('ends quietly with status 0 when the reader closes stdout early (batch | head)', () => {
    writeFileSync(file('log.jsonl'), makeTaskLog(800));
    const run = pipeline(`airlock batch log.jsonl -c '${contract}' -o out.ndjson --quiet | head -1`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^records/);
    // A reader gone before the summary is written: the write fails with EPIPE for certain.
    const gone = pipeline(`airlock batch log.jsonl -c '${contract}' -o out2.ndjson --quiet | true`);
    expect(gone.stderr).toBe('');
    expect(gone.status).toBe(0);
  });

  it('finishes the output when the reader of both stdout and stderr goes away (2>&1 | head -c1)', () => {
    writeFileSync(file('log2.jsonl'), makeTaskLog(3000));
    const run = pipeline(`airlock batch log2.jsonl -c '${contract}' -o both.ndjson 2>&1 | head -c1`);
    expect(run.status).toBe(0);
    expect(readFileSync(file('both.ndjson'), 'utf8').trimEnd().split('\n')).toHaveLength(3001);
  });

  it('ends quietly with status 0 when the reader closes stdout early (parse | head -c1)', () => {
    // Large enough that the output does not fit in the pipe before the reader closes.
    writeFileSync(file('big.txt'), JSON.stringify({ title: 'x'.repeat(400_000), priority: 1 }));
    const run = pipeline(`airlock parse -c '${contract}' big.txt | head -c1`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('{');
  });

  it.skipIf(!existsSync('/dev/full'))('says in one line that a full stdout cannot be written', () => {
    writeFileSync(file('small.txt'), '{"title":"x","priority":1}');
    const run = pipeline(`airlock parse -c '${contract}' small.txt > /dev/full`);
    expect(run.stderr).toBe('airlock: cannot write to stdout: no space left on device\n');
    expect(run.status).toBe(1);
  });

  it('keeps process warnings off the terminal on the main thread and in worker threads', async () => {
    writeFileSync(file('warn-log.jsonl'), makeTaskLog(40));
    const warning = `${fileURLToPath(new URL('./test-support/warning-contract.ts', import.meta.url))}#task`;
    // From stdin: a log of unknown size takes the threads asked for (a small file runs inline),
    // so the contract also loads in a worker thread (its warm-up), where it warns again.
    const run = await runCli(['batch', '-', '-c', warning, '-o', file('warn.ndjson'), '--threads', '2', '--quiet', '--stats-json', file('warn.json')], { stdin: readFileSync(file('warn-log.jsonl')) });
    expect(run.code).toBe(0);
    // The worker thread's own line shows it ran there and wrote to stderr; its warning stays off.
    expect(run.stderr).toBe('warning-contract: loaded in a worker thread\n');
    expect((JSON.parse(readFileSync(file('warn.json'), 'utf8')) as { threads: number }).threads).toBe(2);
  });

  it('keeps library warnings off the terminal', async () => {
    // yaml warns on the process about a mapping whose key is a collection.
    writeFileSync(file('collection-key.txt'), 'title:\n  ? [x, y]\n  : 1\npriority: 1\n');
    const run = await runCli(['parse', '-c', contract, file('collection-key.txt')]);
    expect(run.stderr).toBe('');
  });
});
