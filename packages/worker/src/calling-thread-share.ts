/**
 * The calling thread as one of a run's threads. A run on `threads: n` (n ≥ 2) with a pool of
 * its own starts n − 1 worker threads and parses on the calling thread too, between its reads
 * and writes: n threads parse, as asked, and one isolate fewer pays start-up and warm-up.
 *
 * Each worker holds up to {@link CHUNKS_QUEUED_PER_WORKER} chunks (its own message queue, so it
 * starts the next chunk without waiting for the calling thread to hand it over); the calling
 * thread runs a chunk itself only when every worker's queue is full, so the workers never wait
 * for it. Results are the same bytes wherever a chunk runs (the chunk is the unit of work and of
 * output order).
 *
 * Measured 2026-11-28 (0.1.0, the built CLI, 200 MB of the bench's default mix, 2 cores, A/B
 * fresh processes): `--threads 2` 4.65 → 4.25–4.40 s wall and 8.8 → 8.2 s CPU against two
 * worker threads with the calling thread only reading and writing; peak RSS 193 → 185 MB.
 * Queues of 2, 3, 4, 6 and 8 chunks per worker: 4 was the fastest by 1–3 %. Two workers plus the
 * calling thread on 2 cores (three parsing threads) was 11 % slower than two workers.
 */
import { chunksOnThreads, type CallingThreadGate } from './warm-up-gate.js';

/** Chunks a worker thread holds (one running, the rest queued) before the calling thread takes one. */
export const CHUNKS_QUEUED_PER_WORKER = 4;

/**
 * Chunks a run keeps submitted ahead of its oldest uncommitted one when the calling thread
 * shares the work: every worker's queue ((threads − 1) × 4), and eight more for the calling
 * thread to run while the oldest chunk is still on a worker (12 measured against 24: the same
 * speed, 14 MB less RSS).
 *
 * @example
 * sharedChunksInFlight(2) // 12: one worker's 4, and 8 the calling thread may run meanwhile
 */
export function sharedChunksInFlight(threads: number): number {
  return (threads + 1) * CHUNKS_QUEUED_PER_WORKER;
}

/**
 * Dispatch between `workers` worker threads and the calling thread: `runHere` is true when every
 * worker holds {@link CHUNKS_QUEUED_PER_WORKER} chunks.
 *
 * @example
 * const gate = createSharingGate(1);
 * const output = gate.runHere() ? processChunk(input, contract) : await gate.track(pool.run(task, {}));
 */
export function createSharingGate(workers: number): CallingThreadGate {
  const full = workers * CHUNKS_QUEUED_PER_WORKER;
  const sent = chunksOnThreads();
  return {
    runHere: () => sent.count >= full,
    track: (chunk) => sent.track(chunk),
  };
}
