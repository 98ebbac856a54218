import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAP_EXHAUSTED_REASON } from './retry-out-of-memory.js';
import { runBatch } from './run-batch.js';
import { readRecords, TASK_CONTRACT } from './test-support/batch-records.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('run-batch-heap');
const contract = TASK_CONTRACT;

afterAll(() => dir.remove());


/** Lines of an NDJSON output after its metadata line, minus those of `skip` (1-based input lines). */
function resultLines(path: string, skip: number): string[] {
  return readFileSync(path, 'utf8').trim().split('\n').slice(1).filter((l) => !l.startsWith(`{"line":${skip},`));
}

describe('runBatch when a record exhausts a worker thread heap', () => {
  it('gives that record a bad_record result and every other record its own, in order', async () => {
    const task = (i: number): string => JSON.stringify({ id: `r${i}`, agent: 'coder', output: JSON.stringify({ title: `task ${i}`, priority: i }) });
    // 600,000 single-quoted strings: the repair's edits and interventions need far more than a 32 MB heap.
    const hostile = JSON.stringify({ id: 'big', agent: 'coder', output: `[${"'a',".repeat(600_000)}'a']` });
    const log = dir.file('log.jsonl');
    writeFileSync(log, [task(1), task(2), hostile, '', task(5), task(6)].join('\n') + '\n');
    const threaded = await runBatch({ input: log, output: dir.file('threaded.ndjson'), contract, threads: 1, chunkSize: 8, threadHeapMb: 32 });
    const out = await readRecords(dir.file('threaded.ndjson'));
    expect(out.map((r) => [r.line, r.id, r.result.success ? 'ok' : r.result.failure])).toEqual([
      [1, 'r1', 'ok'],
      [2, 'r2', 'ok'],
      [3, 'big', 'bad_record'],
      [5, 'r5', 'ok'],
      [6, 'r6', 'ok'],
    ]);
    const big = out[2]!.result;
    expect(!big.success && big.extractionError).toBe(`line 3: ${HEAP_EXHAUSTED_REASON}`);
    expect(threaded.records).toBe(5);
    expect(threaded.failures.bad_record).toBe(1);
    // The other records read exactly as an inline run (with the process's heap) reads them.
    await runBatch({ input: log, output: dir.file('inline.ndjson'), contract, threads: 0 });
    expect(resultLines(dir.file('threaded.ndjson'), 3)).toEqual(resultLines(dir.file('inline.ndjson'), 3));
  }, 120_000);
});
