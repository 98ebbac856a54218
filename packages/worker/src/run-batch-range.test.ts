/**
 * A byte range of a log (a shard of a queued batch) gives exactly the result
 * lines a whole run gives for those lines, numbered as in the whole log; a
 * contract whose fingerprint is not the expected one is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { runBatch } from './run-batch.js';
import { makeRunLog } from './test-support/make-run-log.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('run-batch-range');
const input = dir.file('log.jsonl');
const contract = { module: fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url)), export: 'taskSchema' };
let log = Buffer.alloc(0);
let whole: string[] = [];

/** Result lines of an output, metadata line dropped. */
function records(path: string): string[] {
  return readFileSync(path, 'utf8').trimEnd().split('\n').slice(1);
}

beforeAll(async () => {
  writeFileSync(input, makeRunLog(90));
  log = readFileSync(input);
  await runBatch({ input, output: dir.file('whole.ndjson'), contract, threads: 0 });
  whole = records(dir.file('whole.ndjson'));
}, 60_000);
afterAll(() => dir.remove());

describe('runBatch over a byte range', () => {
  it('writes the whole run\'s lines for the range, numbered from its first line', async () => {
    // Cut after the 40th newline: lines 41… form the second range.
    let cut = 0;
    for (let n = 0; n < 40; n++) cut = log.indexOf(0x0a, cut) + 1;
    await runBatch({ input, output: dir.file('a.ndjson'), contract, threads: 0, chunkSize: 7, range: { start: 0, end: cut, firstLine: 1 } });
    await runBatch({ input, output: dir.file('b.ndjson'), contract, threads: 0, chunkSize: 7, range: { start: cut, end: log.length, firstLine: 41 } });
    const second = records(dir.file('b.ndjson'));
    expect((JSON.parse(second[0]!) as { line: number }).line).toBe(41);
    expect([...records(dir.file('a.ndjson')), ...second]).toEqual(whole);
  });

  it('reads an empty range as no records', async () => {
    await runBatch({ input, output: dir.file('empty.ndjson'), contract, threads: 0, range: { start: 10, end: 10, firstLine: 2 } });
    expect(records(dir.file('empty.ndjson'))).toEqual([]);
  });

  it('refuses a range outside the file and a contract with another fingerprint, in one line', async () => {
    const outside = await runBatch({ input, output: dir.file('x.ndjson'), contract, threads: 0, range: { start: 0, end: log.length + 1, firstLine: 1 } }).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(BatchError);
    expect((outside as BatchError).message).toMatch(/outside/);
    const other = await runBatch({ input, output: dir.file('y.ndjson'), contract, threads: 0, expectFingerprint: 'not-this-one' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(BatchError);
    expect((other as BatchError).kind).toBe('contract');
    expect((other as BatchError).message).toMatch(/expects not-this-one/);
  });
});
