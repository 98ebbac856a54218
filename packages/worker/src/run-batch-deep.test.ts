/**
 * Deep input in a batch: 100,000-deep JSON and YAML records fail alike on the main thread
 * and on worker threads (whose stacks differ in size), so inline and threaded outputs stay
 * byte-identical, and every record keeps its line in the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatch } from './run-batch.js';
import { runLogLine } from './test-support/make-run-log.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('run-batch-deep');
const contract = { module: fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url)), export: 'taskSchema' };
afterAll(() => dir.remove());

/** Outputs that once depended on the thread: `yaml` overflowed a main thread's stack but not a worker's. */
function deepOutputs(): string[] {
  const n = 100_000;
  let block = '';
  for (let i = 0; i < 2_000; i++) block += `${' '.repeat(i)}a:\n`;
  return [
    '['.repeat(n) + ']'.repeat(n),
    '{"a":'.repeat(n) + '1' + '}'.repeat(n),
    `${'- '.repeat(n)}x\n`,
    `title: ${'['.repeat(n)}${']'.repeat(n)}\npriority: 1\n`,
    `${block}${' '.repeat(2_000)}title: x\n`,
    `title: deep\npriority: ${'['.repeat(1_500)}1${']'.repeat(1_500)}\n`,
  ];
}

describe('runBatch on deep input', () => {
  it('writes the same bytes inline and on two worker threads', async () => {
    const input = dir.file('deep.jsonl');
    let log = '';
    deepOutputs().forEach((output, k) => {
      log += `${runLogLine(k)}\n${JSON.stringify({ id: `deep${k}`, output })}\n`;
    });
    writeFileSync(input, log);
    const inline = await runBatch({ input, output: dir.file('inline.ndjson'), contract, threads: 0, chunkSize: 2 });
    const threaded = await runBatch({ input, output: dir.file('threaded.ndjson'), contract, threads: 2, chunkSize: 2 });
    const text = readFileSync(dir.file('inline.ndjson'), 'utf8');
    expect(readFileSync(dir.file('threaded.ndjson'), 'utf8')).toBe(text);
    expect(threaded.records).toBe(inline.records);
    // Every deep record is one failure result of its own, never an unserializable record.
    const results = text.trimEnd().split('\n').slice(1).map((line) => JSON.parse(line) as { id?: string; data?: unknown; failure?: string });
    const deep = results.filter((r) => typeof r.id === 'string' && r.id.startsWith('deep'));
    expect(deep).toHaveLength(deepOutputs().length);
    for (const r of deep) expect({ id: r.id, data: r.data, failure: r.failure }).toEqual({ id: r.id, data: undefined, failure: 'syntax' });
  }, 120_000);
});
