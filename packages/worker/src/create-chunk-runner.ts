/**
 * Where chunks run: inline on the calling thread (threads = 0), on a pool of
 * worker threads made for the run (threads ≥ 1), or on a pool the caller
 * shares between runs.
 */
import type { Contract } from '@airlock/core';
import { createBatchPool, piscinaOf, type BatchPool } from './batch-pool.js';
import type { ResolvedContractRef } from './load-contract.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
import { isHeapExhausted, runLineByLine } from './retry-out-of-memory.js';
import { useWasmScanner } from './use-wasm-scanner.js';

/** Runs chunks; `close` releases the threads the runner started (never a shared pool's). */
export interface ChunkRunner {
  mode: 'inline' | 'piscina';
  run(input: ChunkInput): Promise<ChunkOutput>;
  close(): Promise<void>;
}

/** Where a run's chunks go: a thread count, or a pool shared with other runs. */
export type ChunkPlace = { threads: number; threadHeapMb?: number | undefined } | { pool: BatchPool };

/**
 * Creates a chunk runner.
 *
 * @example
 * const runner = createChunkRunner({ threads: 2 }, resolvedRef, contract);
 * const { bytes } = await runner.run({ bytes: range.bytes, firstLine: range.firstLine, field: 'output', idField: 'id', includeRaw: false });
 * await runner.close();
 */
export function createChunkRunner(place: ChunkPlace, ref: ResolvedContractRef, contract: Contract): ChunkRunner {
  if ('threads' in place && place.threads === 0) {
    useWasmScanner();
    return {
      mode: 'inline',
      run: async (input) => processChunk(input, contract),
      close: async () => {},
    };
  }
  const owned = 'threads' in place;
  const pool = owned ? createBatchPool({ threads: place.threads, ...(place.threadHeapMb === undefined ? {} : { threadHeapMb: place.threadHeapMb }) }) : place.pool;
  const piscina = piscinaOf(pool);
  // The range's buffer moves to the worker (it is the range's own ArrayBuffer, never shared).
  const send = (input: ChunkInput): Promise<ChunkOutput> => piscina.run({ ...input, contract: ref }, { transferList: [input.bytes.buffer as ArrayBuffer] });
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
    close: () => (owned ? pool.close() : Promise.resolve()),
  };
}
