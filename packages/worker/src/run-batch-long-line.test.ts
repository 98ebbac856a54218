import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_BLOCK_BYTES } from './read-line-blocks.js';
import { runBatch } from './run-batch.js';
import { readRecords, TASK_CONTRACT } from './test-support/batch-records.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('run-batch-long-line');
const contract = TASK_CONTRACT;

afterAll(() => dir.remove());


describe('runBatch over a record longer than a read block', () => {
  it('reads it whole, and the records around it, with threads and inline alike', async () => {
    const task = (i: number, title = `task ${i}`): string => JSON.stringify({ id: `r${i}`, agent: 'coder', output: JSON.stringify({ title, priority: i }) });
    // One line past a whole block: the reader has to double its block to find the line's end.
    const long = task(2, 'x'.repeat(LOG_BLOCK_BYTES + 1000));
    const log = dir.file('log.jsonl');
    writeFileSync(log, [task(1), long, task(3), task(4)].join('\n') + '\n');
    for (const threads of [1, 0]) {
      const output = dir.file(`out-${threads}.ndjson`);
      const stats = await runBatch({ input: log, output, contract, threads, chunkSize: 2 });
      expect(stats.records).toBe(4);
      const out = await readRecords(output);
      expect(out.map((r) => [r.line, r.id, r.result.success])).toEqual([[1, 'r1', true], [2, 'r2', true], [3, 'r3', true], [4, 'r4', true]]);
      const big = out[1]!.result;
      expect(big.success && (big.data as { title: string }).title.length).toBe(LOG_BLOCK_BYTES + 1000);
    }
  }, 120_000);
});
