import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { decodeBatchRecord } from '@airlock/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { cliIsBuilt, runCli, startCli, type CliProcess } from './test-support/run-cli.js';

const RECORDS = 2400;
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-batch-'));
const file = (name: string) => join(dir, name);
const contractFile = fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url));
const slow = `${contractFile}#slowTask`;
const log = file('log.jsonl');
let reference = '';

function batch(output: string, ...extra: string[]): string[] {
  return ['batch', log, '--contract', slow, '-o', file(output), ...extra];
}

interface CheckpointView {
  records: number;
  outputBytes: number;
}

function checkpoint(output: string): CheckpointView | undefined {
  try {
    return JSON.parse(readFileSync(`${file(output)}.checkpoint.json`, 'utf8')) as CheckpointView;
  } catch {
    return undefined;
  }
}

/** Resolves once the run has committed `records`; fails if it ends first. */
async function whenCommitted(run: CliProcess, output: string, records: number): Promise<void> {
  let ended = false;
  void run.done.then(() => (ended = true));
  for (;;) {
    if ((checkpoint(output)?.records ?? 0) >= records) return;
    if (ended) throw new Error(`the batch ended before committing ${records} records: ${(await run.done).stderr}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

beforeAll(async () => {
  expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
  writeFileSync(log, makeTaskLog(RECORDS));
  const run = await runCli(batch('reference.ndjson', '--threads', '1', '--quiet', '--stats-json', file('stats.json')));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  reference = readFileSync(file('reference.ndjson'), 'utf8');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('airlock batch', () => {
  it('writes a metadata line and one result per record, and prints the summary', async () => {
    const lines = reference.trimEnd().split('\n');
    expect(lines).toHaveLength(RECORDS + 1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ airlock: { contract: { name: 'slowTask', export: 'slowTask' }, options: { field: 'output', idField: 'id' } } });
    const failures = lines.slice(1).map((l) => decodeBatchRecord(l).result).map((r) => (r.success ? undefined : r));
    expect(failures.filter((r) => r?.failure === 'bad_record')).toHaveLength(RECORDS / 4);
    expect(failures[4]?.extractionError).toMatch(/^line 5: malformed JSON/);
    expect(failures[5]?.extractionError).toBe('line 6: field "output" is missing');
    const stats = JSON.parse(readFileSync(file('stats.json'), 'utf8')) as { records: number; threads: number; complete: boolean };
    // A log this small runs inline whatever --threads says (RunBatchOptions.inlineBelowBytes); stdin, of no known size, gets its threads (below).
    expect(stats).toMatchObject({ records: RECORDS, threads: 0, complete: true });
  });

  // One run log taken through every kind of interruption in turn; each restart
  // resumes from the checkpoint, and the end result must equal the reference.
  it('survives a full disk, SIGINT and SIGKILL, resuming each time to a byte-identical output', async () => {
    const output = 'interrupted.ndjson';
    // A 64 KiB file-size limit stands in for a full disk (writes fail with EFBIG).
    const full = await runCli(batch(output, '--threads', '1', '--chunk-size', '32', '--quiet'), { shell: 'ulimit -f 64;' });
    expect(full.code).toBe(1);
    expect(full.stderr.trim().split('\n')).toHaveLength(1);
    expect(full.stderr).toMatch(/cannot write output .*interrupted\.ndjson: file too large .*; [\d,]+ records are committed, rerun with --resume/);
    const afterFull = checkpoint(output)!;
    expect(afterFull.records).toBeGreaterThan(0);
    // The torn tail of the failed write is still there; the checkpoint marks what is committed.
    expect(statSync(file(output)).size).toBeGreaterThanOrEqual(afterFull.outputBytes);

    const second = startCli(batch(output, '--resume', '--threads', '1', '--chunk-size', '32'));
    await whenCommitted(second, output, afterFull.records + 192);
    second.child.kill('SIGINT');
    const stopped = await second.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toContain('checkpoint kept');
    const afterInt = checkpoint(output)!;
    expect(afterInt.records).toBeLessThan(RECORDS);
    // Every chunk in flight was committed: the output ends exactly at the checkpoint.
    expect(statSync(file(output)).size).toBe(afterInt.outputBytes);

    const third = startCli(batch(output, '--resume', '--threads', '1', '--chunk-size', '32'));
    await whenCommitted(third, output, afterInt.records + 192);
    third.child.kill('SIGKILL');
    expect((await third.done).signal).toBe('SIGKILL');
    expect(checkpoint(output)!.records).toBeLessThan(RECORDS);

    const last = await runCli(batch(output, '--resume', '--threads', '2', '--quiet'));
    expect(last.stderr).toBe('');
    expect(last.code).toBe(0);
    expect(last.stdout).toMatch(/resumed after [\d,]+ records/);
    expect(readFileSync(file(output), 'utf8')).toBe(reference);
    expect(existsSync(`${file(output)}.checkpoint.json`)).toBe(false);
  }, 120_000);

  it('reads the log from stdin with "-", plain or gzip, to the same output; refuses --resume there in one line', async () => {
    const plain = await runCli(['batch', '-', '--contract', slow, '-o', file('stdin.ndjson'), '--threads', '2', '--quiet'], { stdin: readFileSync(log) });
    expect(plain.stderr).toBe('');
    // Only the metadata line differs: stdin has no file name and no fingerprint.
    const results = (text: string): string => text.slice(text.indexOf('\n') + 1);
    const stdinOutput = readFileSync(file('stdin.ndjson'), 'utf8');
    expect(results(stdinOutput)).toBe(results(reference));
    expect(JSON.parse(stdinOutput.slice(0, stdinOutput.indexOf('\n')))).toMatchObject({ airlock: { input: { files: ['-'], fingerprint: null } } });
    const gzip = await runCli(['batch', '-', '--contract', slow, '-o', file('stdin-gz.ndjson'), '--threads', '0', '--quiet'], { stdin: gzipSync(readFileSync(log)) });
    expect(gzip.stderr).toBe('');
    expect(readFileSync(file('stdin-gz.ndjson'), 'utf8')).toBe(stdinOutput);
    const resume = await runCli(['batch', '-', '--contract', slow, '-o', file('stdin.ndjson'), '--resume'], { stdin: '' });
    expect(resume.code).toBe(2);
    expect(resume.stderr).toBe('airlock batch: cannot resume a run that reads stdin: it cannot be read again from the checkpoint; save the log to a file and run on that\n');
  }, 120_000);

  it('refuses a read-only output path in one line', async () => {
    const output = process.getuid?.() === 0 ? '/sys/airlock-cli-test.ndjson' : '/proc/airlock-cli-test.ndjson';
    const run = await runCli(['batch', log, '--contract', slow, '-o', output]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^airlock batch: cannot write output \/\w+\/airlock-cli-test\.ndjson: [a-z ]+\n$/);
  });

  it('answers a missing input, a missing contract export and a bad flag with one line and exit 2', async () => {
    const cases = [
      { args: ['batch', file('missing.jsonl'), '--contract', slow, '-o', file('m.ndjson')], error: /cannot read input .*missing\.jsonl: no such file or directory/ },
      { args: ['batch', log, '--contract', `${contractFile}#nope`, '-o', file('m.ndjson')], error: /has no export "nope"/ },
      { args: ['batch', log, '--contract', './no/such/contract.ts#x', '-o', file('m.ndjson')], error: /contract module not found: \.\/no\/such\/contract\.ts/ },
      { args: ['batch', log, '--contract', slow, '-o', file('m.ndjson'), '--threads', 'two'], error: /--threads must be an integer/ },
    ];
    const runs = await Promise.all(cases.map((c) => runCli(c.args)));
    runs.forEach((run, k) => {
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(cases[k]!.error);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });
    expect(existsSync(file('m.ndjson'))).toBe(false);
  });
});
