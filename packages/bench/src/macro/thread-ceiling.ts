/**
 * What a second thread can buy on this machine for the batch's own work: the log cut into
 * chunks as a batch cuts it, shared memory, and the per-chunk work (processChunk) run by 1
 * and then 2 plain worker threads in rounds, with the main thread idle in between. No
 * reading, ordering, writing or checkpointing: the ratio is the ceiling `runBatch`'s
 * 2-vs-1-thread ratio can reach here, set by the cores (and what they share: caches, memory
 * bandwidth) rather than by the batch machinery.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packagesPath } from '../optional/try-import.js';

const WORKER = fileURLToPath(new URL('./thread-ceiling-worker.mjs', import.meta.url));

/** What this file uses of the built `@airlock/worker` (loaded by path, as the bench's batch runs are). */
interface WorkerApi {
  resolveContractRef(ref: { module: string; export: string }): object;
  prepareContractRef(ref: object): Promise<object>;
}

/** Chunk ends at the first newline after each `chunkBytes` (a batch cuts by lines and bytes alike). */
function chunkBounds(bytes: Uint8Array, chunkBytes: number): number[] {
  const bounds = [0];
  for (let at = 0; at < bytes.length; ) {
    const nl = bytes.indexOf(10, Math.min(bytes.length - 1, at + chunkBytes));
    at = nl === -1 ? bytes.length : nl + 1;
    bounds.push(at);
  }
  return bounds;
}

/**
 * Milliseconds per round (all chunks once) with `threads` threads: first unmeasured rounds
 * until each thread has processed `warmLogs` logs' worth (a round shares the log among the
 * threads, so 2 threads take twice the rounds: warmed by rounds alone, the second thread's
 * first measured round still ran a fifth slower than its later ones), then `rounds` measured ones.
 *
 * @example
 * await timeThreads(log, { module: '/abs/contract.ts', export: 'benchContract' }, 2, 3, 2) // [481, 478, 485]
 */
export async function timeThreads(log: string, contract: { module: string; export: string }, threads: number, rounds: number, warmLogs = 2): Promise<number[]> {
  const warmup = warmLogs * threads;
  const file = readFileSync(log);
  const bytes = new SharedArrayBuffer(file.length);
  new Uint8Array(bytes).set(file);
  const bounds = chunkBounds(file, 256 * 1024);
  const workerModule = packagesPath('worker/dist/index.js');
  // Compiled here, once, as a batch does: its threads import the prepared module and never load esbuild.
  const { prepareContractRef, resolveContractRef } = (await import(workerModule)) as WorkerApi;
  const prepared = await prepareContractRef(resolveContractRef(contract));
  const workers = Array.from({ length: threads }, (_, thread) => new Worker(WORKER, { execArgv: [], workerData: { workerModule, contract: prepared, bytes, bounds, thread, threads } }));
  try {
    // Each thread says `ready` once, then `done` once per `go`; `once` also rejects on its 'error'.
    await Promise.all(workers.map((w) => once(w, 'message')));
    const times: number[] = [];
    for (let round = 0; round < warmup + rounds; round++) {
      const started = performance.now();
      const done = Promise.all(workers.map((w) => once(w, 'message')));
      for (const w of workers) w.postMessage('go');
      await done;
      if (round >= warmup) times.push(performance.now() - started);
    }
    return times;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
