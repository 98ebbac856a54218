/**
 * The calling thread as one of a run's threads. A run on `threads: n` (n ≥ 2) with a pool of
 * its own starts n − 1 worker threads and parses on the calling thread too, between its reads
 * and writes: n threads parse, as asked, and one isolate fewer pays start-up and warm-up.
 *
 * Each worker holds up to {@link CHUNKS_QUEUED_PER_WORKER} chunks (its own message queue, so it
 * starts the next chunk without waiting for the calling thread to hand it over); the calling
 * thread runs a chunk itself when the workers hold their share of the chunks in flight, which
 * their speed against the calling thread's decides (see {@link createSharingGate}). Results are
 * the same bytes wherever a chunk runs (the chunk is the unit of work and of output order).
 *
 * Measured 2026-11-28 (0.1.0, the built CLI, 200 MB of the bench's default mix, 2 cores, A/B
 * fresh processes): `--threads 2` 4.65 → 4.25–4.40 s wall and 8.8 → 8.2 s CPU against two
 * worker threads with the calling thread only reading and writing; peak RSS 193 → 185 MB.
 * Queues of 2, 3, 4, 6 and 8 chunks per worker: 4 was the fastest by 1–3 %. Two workers plus the
 * calling thread on 2 cores (three parsing threads) was 11 % slower than two workers. The share
 * by speed (a fresh worker holds one chunk while it is several times slower than the calling
 * thread): a fresh pool of 2 threads in a process whose calling thread is warm, 20 MB, 730–770 →
 * 610–670 ms; fresh processes (both threads cold) 64 MB and 200 MB unchanged (A/B −0.8 %, −0.7 %).
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

/** Weight of the newest chunk in each side's running speed. */
const SMOOTHING = 0.25;

/** A running speed in bytes per millisecond, from decayed sums of bytes and time (chunks vary in size). */
function runningSpeed(): { add(bytes: number, ms: number): void; readonly perMs: number } {
  let bytes = 0;
  let ms = 0;
  return {
    add(b: number, m: number): void {
      bytes = bytes * (1 - SMOOTHING) + b;
      ms = ms * (1 - SMOOTHING) + m;
    },
    get perMs() {
      return ms > 0 ? bytes / ms : 0;
    },
  };
}

/**
 * Dispatch between `workers` worker threads and the calling thread, `window` chunks in flight.
 * A worker takes chunks once it answered `warm` (its start-up: until then the calling thread runs
 * every chunk). Then the workers hold their share of the window, as their speed against the
 * calling thread's says, one chunk each at least and {@link CHUNKS_QUEUED_PER_WORKER} at most:
 * `runHere` is true when they hold it. A worker still warming up (several times slower than a
 * warm calling thread) so holds one chunk, not four: the run commits in order, and four slow
 * chunks at the head of the window left the calling thread waiting for them with the window full
 * (a warm calling thread beside a fresh worker idled about a third of a 20 MB run). Two threads
 * of equal speed hold four each, as before. `now` is the clock (for tests).
 *
 * @example
 * const gate = createSharingGate(1, 12, () => pool.run(emptyChunk, {}));
 * const output = gate.runHere() ? processChunk(input, contract) : await gate.track(pool.run(task, {}), input.bytes.length);
 */
export function createSharingGate(workers: number, window: number, warm: () => Promise<unknown>, now: () => number = () => performance.now()): CallingThreadGate {
  let ready = 0;
  const started = (): void => {
    ready = Math.min(workers, ready + 1);
  };
  for (let k = 0; k < workers; k++) warm().then(started, started);
  const sent = chunksOnThreads();
  const here = runningSpeed();
  const threads = runningSpeed();
  /** Since when the workers' current stretch of work has run: their last result, or the chunk that found them idle. */
  let busySince = 0;
  const held = (): number => {
    const fewest = ready;
    const most = ready * CHUNKS_QUEUED_PER_WORKER;
    if (here.perMs === 0 || threads.perMs === 0) return fewest;
    const share = Math.floor((window * threads.perMs) / (threads.perMs + here.perMs));
    return Math.max(fewest, Math.min(most, share));
  };
  return {
    runHere: () => sent.count >= held(),
    track: <T>(chunk: Promise<T>, bytes: number): Promise<T> => {
      if (sent.count === 0) busySince = now();
      const done = (): void => {
        const at = now();
        threads.add(bytes, at - busySince);
        busySince = at;
      };
      chunk.then(done, done);
      return sent.track(chunk);
    },
    ranHere: (bytes, ms) => here.add(bytes, ms),
  };
}
