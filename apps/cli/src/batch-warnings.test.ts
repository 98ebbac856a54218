import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTaskLog } from './test-support/make-task-log.js';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-warnings-'));
const file = (name: string) => join(dir, name);
const contract = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Records whose model text sits at response.text, not at the default field. */
function nestedLog(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `${JSON.stringify({ id: `r${i}`, response: { text: JSON.stringify({ title: `t${i}`, priority: i % 5 }), model: 'm' } })}\n`;
  return text;
}

describe('airlock batch on a log read with the wrong field', () => {
  writeFileSync(file('nested.jsonl'), nestedLog(1200));

  it('warns in one line with the reason and a guessed --field, and still exits 0', async () => {
    const run = await runCli(['batch', file('nested.jsonl'), '-c', contract, '-o', file('nested.ndjson'), '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('airlock batch: warning: 1,000 of the first 1,000 records are bad_record: field "output" is missing (--field response.text?)\n');
  });

  it('exits 3 with --strict-records', async () => {
    const run = await runCli(['batch', file('nested.jsonl'), '-c', contract, '-o', file('strict.ndjson'), '--quiet', '--strict-records']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^airlock batch: error: 1,000 of the first 1,000 records are bad_record: field "output" is missing \(--field response\.text\?\) \(--strict-records\)\n$/);
  });

  it('says nothing when the field is right, or when bad records are a minority', async () => {
    const right = await runCli(['batch', file('nested.jsonl'), '-c', contract, '-o', file('right.ndjson'), '--quiet', '--field', 'response.text', '--strict-records']);
    expect(right.stderr).toBe('');
    expect(right.code).toBe(0);
    // The task log has 2 bad records in 8, for two reasons.
    writeFileSync(file('task.jsonl'), makeTaskLog(400));
    const mixed = await runCli(['batch', file('task.jsonl'), '-c', contract, '-o', file('mixed.ndjson'), '--quiet', '--strict-records']);
    expect(mixed.stderr).toBe('');
    expect(mixed.code).toBe(0);
  });
});

describe('airlock batch summary', () => {
  it('lists every rule and one example record per failure class', async () => {
    writeFileSync(file('task2.jsonl'), makeTaskLog(400));
    const run = await runCli(['batch', file('task2.jsonl'), '-c', contract, '-o', file('summary.ndjson'), '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('more rules');
    expect(run.stdout).toMatch(/^intervention rules$/m);
    expect(run.stdout).toMatch(/^one example per failure class\n {2}bad_record +line 5: malformed JSON: /m);
    // Every failure class of the table has its example.
    const classes = [...run.stdout.matchAll(/^ {4}([a-z_]+) +[\d,]+ +[\d.]+%$/gm)].map((m) => m[1]!).filter((c) => c !== 'output');
    expect(classes.length).toBeGreaterThan(1);
    for (const failure of classes) expect(run.stdout).toMatch(new RegExp(`^ {2}${failure} +line \\d+`, 'm'));
  });
});

describe('airlock batch with several inputs', () => {
  it('writes one output whose records name their file and per-file line', async () => {
    writeFileSync(file('a.jsonl'), makeTaskLog(30));
    writeFileSync(file('b.jsonl.gz'), gzipSync(makeTaskLog(20)));
    const run = await runCli(['batch', file('a.jsonl'), file('b.jsonl.gz'), '-c', contract, '-o', file('ab.ndjson'), '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = readFileSync(file('ab.ndjson'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number; file?: string });
    expect(lines).toHaveLength(51);
    expect(lines[1]).toMatchObject({ line: 1, file: file('a.jsonl') });
    expect(lines[31]).toMatchObject({ line: 1, file: file('b.jsonl.gz') });
  });
});

describe('airlock diff', () => {
  it('refuses outputs of different logs unless --force', async () => {
    writeFileSync(file('one.jsonl'), makeTaskLog(40));
    writeFileSync(file('two.jsonl'), makeTaskLog(41));
    await runCli(['batch', file('one.jsonl'), '-c', contract, '-o', file('one.ndjson'), '--quiet']);
    await runCli(['batch', file('two.jsonl'), '-c', contract, '-o', file('two.ndjson'), '--quiet']);
    const refused = await runCli(['diff', file('one.ndjson'), file('two.ndjson')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^airlock diff: .*one\.ndjson and .*two\.ndjson are outputs of different logs \(.*one\.jsonl and .*two\.jsonl, whose fingerprints differ\); pass --force to compare them anyway\n$/);
    const forced = await runCli(['diff', file('one.ndjson'), file('two.ndjson'), '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/compared 40 records \(only in a: 0, only in b: 1\)/);
  });
});
