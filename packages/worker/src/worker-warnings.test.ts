import { writeFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runBatch } from './run-batch.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('worker-warnings');
const contract = { module: fileURLToPath(new URL('./test-support/warning-contract.ts', import.meta.url)), export: 'warningTask' };
const seen: Error[] = [];
const listen = (warning: Error): void => void seen.push(warning);
process.on('warning', listen);
afterEach(() => void seen.splice(0));
afterAll(() => {
  process.off('warning', listen);
  dir.remove();
});

describe('warnings raised in worker threads', () => {
  it('are emitted on the calling thread, where its listeners and flags decide', async () => {
    const log = dir.file('log.jsonl');
    writeFileSync(log, Array.from({ length: 20 }, (_, i) => JSON.stringify({ id: `r${i}`, output: JSON.stringify({ title: `t${i}`, priority: i }) })).join('\n') + '\n');
    // One thread with a heap cap: the calling thread never parses, so the contract loads in the worker.
    const stats = await runBatch({ input: log, output: dir.file('out.ndjson'), contract, threads: 1, threadHeapMb: 128 });
    expect(stats.threads).toBe(1);
    expect(stats.validUntouched).toBe(20);
    const forwarded = seen.filter((w) => /^loaded in worker thread \d+$/.test(w.message));
    expect(forwarded).toHaveLength(1);
    expect((forwarded[0] as Error & { code?: string }).code).toBe('AIRLOCK_TEST_WARNING');
    expect(forwarded[0]!.name).toBe('Warning');
  }, 60_000);
});
