import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-load-'));
const file = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(file('log.jsonl'), '{"id":1,"output":"{}"}\n');
// Plain JavaScript modules: they fail before any contract would be needed.
writeFileSync(file('exits.mjs'), 'process.exit(0);\nexport const c = 1;\n');
writeFileSync(file('hangs.mjs'), 'await new Promise(() => {});\nexport const c = 1;\n');

describe('a contract module that misbehaves while loading', () => {
  it('calling process.exit is reported in one line (batch and parse)', async () => {
    const batch = await runCli(['batch', file('log.jsonl'), '-c', `${file('exits.mjs')}#c`, '-o', file('out.ndjson')]);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(/^airlock batch: contract module .*exits\.mjs called process\.exit\(0\) while loading; a contract module must only define its contract\n$/);
    const parse = await runCli(['parse', '-c', `${file('exits.mjs')}#c`, '-'], { stdin: '{}' });
    expect(parse.code).toBe(2);
    expect(parse.stderr).toMatch(/called process\.exit\(0\) while loading/);
  });

  it('never settling its top-level await fails after the load timeout, in one line', async () => {
    const started = Date.now();
    const batch = await runCli(['batch', file('log.jsonl'), '-c', `${file('hangs.mjs')}#c`, '-o', file('out2.ndjson'), '--load-timeout', '1']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(/^airlock batch: contract module .*hangs\.mjs did not finish loading within 1 s \(a top-level await that never settles\?\); if it is only slow, raise the load timeout\n$/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
