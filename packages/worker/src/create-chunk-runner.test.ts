/**
 * Closing a run's own pool: a short run's calling thread may finish every chunk before its
 * worker threads have loaded their modules, and terminating a thread inside that first import
 * hung the process on Node 24. Close waits for the threads' warm-up first.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createChunkRunner } from './create-chunk-runner.js';
import { importContract, prepareContractRef, resolveContractRef } from './load-contract.js';

const schemas = fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url));

describe('createChunkRunner close', () => {
  it('settles when the run closes before its threads are ready, on every thread count that warms up', async () => {
    const ref = await prepareContractRef(resolveContractRef({ module: schemas, export: 'taskSchema' }));
    const contract = await importContract(ref);
    const line = Buffer.from('{"id":"r1","output":"{\\"title\\":\\"t\\",\\"priority\\":1}"}\n');
    // Closed at 0 to 400 ms after start: one of these lands inside a thread's first import.
    for (let k = 0; k < 40; k++) {
      const runner = createChunkRunner({ threads: 1 + (k % 2) }, ref, contract);
      // The first chunk runs on the calling thread: no thread is ready yet.
      const { bytes } = await runner.run({ bytes: line, firstLine: 1, field: 'output', idField: 'id', includeRaw: false });
      expect(Buffer.from(bytes).toString('utf8')).toContain('"data":{"title":"t","priority":1}');
      await new Promise((resolve) => setTimeout(resolve, k * 10));
      await runner.close();
    }
  }, 90_000);
});
