/**
 * Where chunks run: inline on the calling thread (threads = 0) or on a
 * Piscina pool of worker threads (threads ≥ 1).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Contract } from '@airlock/core';
import { Piscina } from 'piscina';
import { BatchError } from './batch-error.js';
import type { ResolvedContractRef } from './load-contract.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
import { isHeapExhausted, runLineByLine } from './retry-out-of-memory.js';
import type { ChunkTask } from './worker.js';
import { useWasmScanner } from './use-wasm-scanner.js';
import { workerExecArgv } from './worker-exec-argv.js';
import { workerResourceLimits } from './worker-resource-limits.js';

/** Runs chunks; `close` releases the threads. */
export interface ChunkRunner {
  mode: 'inline' | 'piscina';
  run(input: ChunkInput): Promise<ChunkOutput>;
  close(): Promise<void>;
}

/**
 * Piscina needs a JavaScript file, so it always loads the built worker: from
 * `dist/` this URL points at the sibling file, from `src/` (tests) at the build
 * output. Tests of the pool therefore need `build` first (turbo's `test` task
 * depends on it).
 */
export const WORKER_URL = new URL('../dist/worker.js', import.meta.url);

/**
 * Creates a chunk runner.
 *
 * @example
 * const runner = createChunkRunner(2, resolvedRef, contract);
 * const { bytes } = await runner.run({ bytes: range.bytes, firstLine: range.firstLine, field: 'output', idField: 'id', includeRaw: false });
 * await runner.close();
 */
export function createChunkRunner(threads: number, ref: ResolvedContractRef, contract: Contract, threadHeapMb?: number): ChunkRunner {
  if (threads === 0) {
    useWasmScanner();
    return {
      mode: 'inline',
      run: async (input) => processChunk(input, contract),
      close: async () => {},
    };
  }
  if (!existsSync(WORKER_URL)) {
    throw new BatchError('worker', `the worker thread file is not built (${fileURLToPath(WORKER_URL)}); run the build first`);
  }
  const pool = new Piscina<ChunkTask, ChunkOutput>({
    filename: WORKER_URL.href,
    name: 'runChunkTask',
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: workerResourceLimits(process.execArgv, process.env.NODE_OPTIONS ?? '', threadHeapMb),
    execArgv: workerExecArgv(),
  });
  // The range's buffer moves to the worker (it is the range's own ArrayBuffer, never shared).
  const send = (input: ChunkInput): Promise<ChunkOutput> => pool.run({ ...input, contract: ref }, { transferList: [input.bytes.buffer as ArrayBuffer] });
  return {
    mode: 'piscina',
    run: async (input) => {
      // A copy kept until the chunk is back: a thread that runs out of heap takes the sent bytes
      // with it. (`new Uint8Array` copies; a Buffer's `slice` would be a view of the same memory.)
      const kept = new Uint8Array(input.bytes);
      try {
        return await send(input);
      } catch (error) {
        if (!isHeapExhausted(error)) throw error;
        return runLineByLine(send, { ...input, bytes: kept }, contract);
      }
    },
    close: () => pool.destroy(),
  };
}
