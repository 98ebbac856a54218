import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprintInputs } from '@airlock/worker';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRunLogs, findRunLogs } from './find-run-logs.js';
import { readRunTexts } from './read-log-texts.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-run-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a log into the scratch directory; returns its path. */
function log(name: string, outputs: string[]): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, outputs.map((output, k) => `${JSON.stringify({ id: k + 1, output })}\n`).join(''));
  return path;
}

describe('findRunLogs', () => {
  it('finds the logs an output names, by absolute path or from the output\'s directory', async () => {
    const a = log('runs/a.jsonl', ['{"a": 1}', '{"a": 2}']);
    const b = log('runs/b.jsonl', ['{"b": 1}']);
    const input = { files: [a, 'b.jsonl'], fingerprint: await fingerprintInputs([a, b]) };
    const search = await findRunLogs(join(dir, 'runs/out.ndjson'), input);
    expect(search).toEqual({ status: 'found', logs: [{ name: a, path: a }, { name: 'b.jsonl', path: b }] });
    const rawText = await readRunTexts(search.status === 'found' ? search.logs : [], 'output');
    expect([rawText(2, a), rawText(1, 'b.jsonl'), rawText(2, 'b.jsonl'), rawText(1)]).toEqual(['{"a": 2}', '{"b": 1}', undefined, undefined]);
  });

  it('says a log changed when its fingerprint no longer matches', async () => {
    const path = log('changed.jsonl', ['{"a": 1}']);
    const input = { files: [path], fingerprint: await fingerprintInputs([path]) };
    appendFileSync(path, `${JSON.stringify({ id: 2, output: '{}' })}\n`);
    expect(await findRunLogs(join(dir, 'out.ndjson'), input)).toEqual({ status: 'changed', logs: [{ name: path, path }] });
  });

  it('names the logs it cannot find, and looks for none where the output names none', async () => {
    const here = log('here.jsonl', ['{}']);
    const input = { files: [here, 'gone.jsonl'], fingerprint: 'sha256:0' };
    expect(await findRunLogs(join(dir, 'out.ndjson'), input)).toEqual({ status: 'missing', names: ['gone.jsonl'] });
    expect(await findRunLogs(join(dir, 'out.ndjson'), { files: [dir], fingerprint: 'sha256:0' })).toEqual({ status: 'missing', names: [dir] });
    for (const unnamed of [undefined, { files: ['-'], fingerprint: null }, { files: [here], fingerprint: null }]) {
      expect(await findRunLogs(join(dir, 'out.ndjson'), unnamed)).toEqual({ status: 'unnamed' });
    }
  });
});

describe('checkRunLogs', () => {
  it('gives logs named by hand the output\'s names in order, and checks their fingerprint', async () => {
    const a = log('moved/a.jsonl', ['{"a": 1}']);
    const b = log('moved/b.jsonl', ['{"b": 1}']);
    const input = { files: ['a.jsonl', 'b.jsonl'], fingerprint: await fingerprintInputs([a, b]) };
    expect(await checkRunLogs([a, b], input)).toEqual({ status: 'found', logs: [{ name: 'a.jsonl', path: a }, { name: 'b.jsonl', path: b }] });
    expect((await checkRunLogs([b, a], input)).status).toBe('changed');
    expect(await checkRunLogs([a], undefined)).toEqual({ status: 'found', logs: [{ name: a, path: a }] });
    await expect(checkRunLogs([join(dir, 'nope.jsonl')], { files: ['nope.jsonl'], fingerprint: 'sha256:0' })).rejects.toThrow(/nope\.jsonl/);
  });
});
