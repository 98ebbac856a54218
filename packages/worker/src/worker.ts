/**
 * The file Piscina runs in each worker thread (loaded as the built
 * `dist/worker.js`). A worker imports the contract once, on its first task.
 */
import type { Contract } from '@airlock/core';
import { importContract, type ResolvedContractRef } from './load-contract.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
import { useWasmScanner } from './use-wasm-scanner.js';

/** What the main thread sends: a chunk plus where to load the contract from. */
export interface ChunkTask extends ChunkInput {
  contract: ResolvedContractRef;
}

const contracts = new Map<string, Promise<Contract>>();

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
  return processChunk(task, await contract);
}
