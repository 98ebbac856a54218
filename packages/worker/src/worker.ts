/**
 * What each worker thread runs (the built `dist/worker.js`, reached through the
 * CommonJS entry `worker-entry.cjs` Piscina loads). A worker imports the contract once, on its first task,
 * and hands its results back as a transferred buffer: no copy, no string to
 * re-encode on the main thread.
 */
import type { Contract } from '@airlock/core';
import { isMainThread } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { contextOf, type SharedContext } from './batch-context.js';
import { importContract, type ResolvedContractRef } from './load-contract.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
import { useWasmScanner } from './use-wasm-scanner.js';
import { forwardWarningsToCallingThread } from './worker-warnings.js';
import { applyZodTuning } from './zod-tuning.js';

// Before any task loads a contract: its schemas read Zod's settings as they are built.
applyZodTuning();
// Before any contract loads: a warning it raises is the calling thread's to show or keep.
if (!isMainThread) forwardWarningsToCallingThread();

/**
 * What the main thread sends: a chunk plus where to load the contract from (a prepared, plain
 * JavaScript module), and the run's context when it has one: a view of shared memory, decoded
 * once per thread (see `batch-context.ts`).
 */
export interface ChunkTask extends ChunkInput {
  contract: ResolvedContractRef;
  context?: SharedContext;
}

const contracts = new Map<string, Promise<Contract>>();

/**
 * Piscina's protocol for a result whose buffer moves to the main thread instead of being
 * copied; results written into the task's shared buffer are already there.
 */
function movable(output: ChunkOutput): ChunkOutput {
  if (!(output.bytes.buffer instanceof ArrayBuffer)) return output;
  const transferable = {
    get [transferableSymbol](): ArrayBufferLike[] {
      return [output.bytes.buffer];
    },
    get [valueSymbol](): ChunkOutput {
      return output;
    },
  };
  return move(transferable as never) as unknown as ChunkOutput;
}

/**
 * Piscina handler (selected by name: the package exports no default).
 *
 * @example
 * new Piscina({ filename: workerUrl, name: 'runChunkTask' });
 */
export async function runChunkTask(task: ChunkTask): Promise<ChunkOutput> {
  useWasmScanner();
  const key = `${task.contract.specifier}#${task.contract.export}`;
  let contract = contracts.get(key);
  if (contract === undefined) {
    contract = importContract(task.contract);
    contracts.set(key, contract);
  }
  return movable(processChunk(task, await contract, task.context === undefined ? undefined : contextOf(task.context)));
}
