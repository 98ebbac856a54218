/**
 * Where chunks run: inline on the calling thread (threads = 0), on a pool of
 * worker threads made for the run (threads ≥ 1; from 2 the calling thread is one
 * of them, see `calling-thread-share.ts`), or on a pool the caller shares between runs.
 */
import type { Contract } from '@airlock/core';
import { createBatchPool, startBatchPool, threadsOf } from './batch-pool.js';
import type { BatchContext } from './batch-context.js';
import { CHUNKS_QUEUED_PER_WORKER, createSharingGate, sharedChunksInFlight } from './calling-thread-share.js';
import type { BatchPool } from './types.js';
import type { ResolvedContractRef } from './load-contract.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
import { isHeapExhausted, runLineByLine } from './retry-out-of-memory.js';
import { useWasmScanner } from './use-wasm-scanner.js';
import { createWarmUpGate, type CallingThreadGate } from './warm-up-gate.js';
import type { ChunkTask } from './worker.js';

/** Runs chunks; `close` releases the threads the runner started (never a shared pool's). */
export interface ChunkRunner {
  mode: 'inline' | 'piscina';
  /** Chunks a run keeps submitted ahead of its oldest uncommitted one, unless it sets its own. */
  chunksInFlight: number;
  run(input: ChunkInput): Promise<ChunkOutput>;
  close(): Promise<void>;
}

/** Where a run's chunks go: a thread count, or a pool shared with other runs. */
export type ChunkPlace = { threads: number; threadHeapMb?: number | undefined } | { pool: BatchPool };

/**
 * Creates a chunk runner; every chunk's records are parsed with `context` when given.
 *
 * @example
 * const runner = createChunkRunner({ threads: 2 }, resolvedRef, contract, prepareBatchContext({ ticket_id: 'T-1' }));
 * const { bytes } = await runner.run({ bytes: range.bytes, firstLine: range.firstLine, field: 'output', idField: 'id', includeRaw: false });
 * await runner.close();
 */
export function createChunkRunner(place: ChunkPlace, ref: ResolvedContractRef, contract: Contract, context?: BatchContext): ChunkRunner {
  const value = context?.value;
  if ('threads' in place && place.threads === 0) {
    useWasmScanner();
    return {
      mode: 'inline',
      chunksInFlight: 2,
      run: async (input) => processChunk(input, contract, value),
      close: async () => {},
    };
  }
  const owned = 'threads' in place;
  // Not with a thread heap set: a record must meet the same heap wherever it runs.
  const helps = owned && place.threadHeapMb === undefined;
  const shares = helps && place.threads >= 2;
  const pool = !owned
    ? place.pool
    : shares
      ? startBatchPool({ threads: place.threads - 1 }, CHUNKS_QUEUED_PER_WORKER)
      : createBatchPool({ threads: place.threads, ...(place.threadHeapMb === undefined ? {} : { threadHeapMb: place.threadHeapMb }) });
  const threads = threadsOf(pool);
  // The context's canonical JSON sits in shared memory: a task carries a view of it, never a copy.
  const shared = context?.shared;
  const taskOf = shared === undefined ? (input: ChunkInput): ChunkTask => ({ ...input, contract: ref }) : (input: ChunkInput): ChunkTask => ({ ...input, contract: ref, context: shared });
  // A range in shared memory is read where it is; one in its own ArrayBuffer moves to the thread.
  const send = (input: ChunkInput): Promise<ChunkOutput> => {
    const { buffer } = input.bytes;
    return threads.run(taskOf(input), buffer instanceof ArrayBuffer ? { transferList: [buffer] } : {});
  };
  const sendKeeping = async (input: ChunkInput): Promise<ChunkOutput> => {
    // A thread that runs out of heap takes moved bytes with it: those are copied first and
    // kept until the chunk is back. (`new Uint8Array` copies; a Buffer's `slice` would be a view.)
    const kept = input.bytes.buffer instanceof ArrayBuffer ? new Uint8Array(input.bytes) : input.bytes;
    try {
      return await send(input);
    } catch (error) {
      if (!isHeapExhausted(error)) throw error;
      // Lines rerun on threads with the same setup; those refused inline are never parsed, so need no context.
      return runLineByLine(send, { ...input, bytes: kept }, contract);
    }
  };
  // A pool made for this run starts cold: the calling thread shares its work throughout, or with
  // one thread runs chunks until that thread is ready.
  let gate: CallingThreadGate | undefined;
  // Closing a pool while a thread is still loading its modules (the first task's import of the
  // worker) hung the run on Node 24: terminating a worker inside that import never finished.
  // A short run whose calling thread did all the work closes before the threads are ready, so
  // close waits for every warm-up to settle first.
  const warmUps: Promise<unknown>[] = [];
  const warm = (): Promise<unknown> => {
    const warmUp = threads.run(taskOf(EMPTY_CHUNK), {});
    warmUps.push(warmUp.catch(() => {}));
    return warmUp;
  };
  if (shares) gate = createSharingGate(place.threads - 1, sharedChunksInFlight(place.threads), warm);
  else if (helps) gate = createWarmUpGate(place.threads, warm);
  if (gate !== undefined) useWasmScanner();
  return {
    mode: 'piscina',
    chunksInFlight: shares ? sharedChunksInFlight(place.threads) : Math.max(2, pool.threads * 2),
    run: async (input) => {
      if (gate === undefined) return sendKeeping(input);
      // One turn of the event loop first: the chunks threads finished meanwhile free their places.
      await nextTurn();
      const here = input.bytes.length <= CALLING_THREAD_MAX_BYTES && gate.runHere();
      if (!here) return gate.track(sendKeeping(input), input.bytes.length);
      const start = performance.now();
      const output = processChunk(input, contract, value);
      gate.ranHere?.(input.bytes.length, performance.now() - start);
      return output;
    },
    close: async () => {
      if (!owned) return;
      await Promise.all(warmUps);
      await pool.close();
    },
  };
}

/**
 * Largest chunk the calling thread runs while threads warm up. A chunk holds lines of at most
 * its size, and a record of a few MB needs a few hundred MB of heap at most, far under a
 * thread's cap (`WORKER_OLD_GENERATION_MB`): a record cannot get a different result (heap
 * exhausted on a thread, parsed on the calling thread) from where it ran.
 */
const CALLING_THREAD_MAX_BYTES = 4 * 1024 * 1024;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The warm-up task's chunk: no lines, so a thread only loads what a real chunk needs. */
const EMPTY_CHUNK: ChunkInput = { bytes: new Uint8Array(0), firstLine: 1, field: 'output', idField: 'id', includeRaw: false };
