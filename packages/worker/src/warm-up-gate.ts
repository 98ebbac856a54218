/**
 * Uses the cores from the first record on a run's own pool of one worker thread (with more,
 * the calling thread shares the work throughout, see `calling-thread-share.ts`; with a heap
 * cap, it never parses). A fresh pool's threads need a few hundred
 * milliseconds to start (isolate, module graph, contract) before they take a chunk; until
 * they do, a chunk handed to the pool only waits in its queue while the calling thread
 * idles. The gate sends each thread a warm-up task (an empty chunk: it loads the worker,
 * the WASM scanner and the contract) and, while not every thread has answered, says
 * which chunks the calling thread should run itself: those no ready thread is free for.
 * Once every thread is ready, every chunk goes to the pool and the calling thread keeps
 * to reading and writing. Results are the same bytes wherever a chunk runs (the chunk
 * is the unit of work and of output order), so a run's output does not depend on the split.
 */

/** Which chunks the calling thread runs itself: the dispatch state of a run's own pool. */
export interface CallingThreadGate {
  /** True when the next chunk should run on the calling thread (here: no ready thread is free and some thread is still starting). */
  runHere(): boolean;
  /** Marks a chunk of `bytes` sent to the pool; the returned promise settles with it and frees its thread. */
  track<T>(sent: Promise<T>, bytes: number): Promise<T>;
  /** The calling thread ran a chunk of `bytes` in `ms` (a gate that weighs the threads' speeds). */
  ranHere?(bytes: number, ms: number): void;
}

/**
 * Starts the warm-up of `threads` threads with `warm` (one task per thread; a failed
 * warm-up counts as started, so the failure surfaces on a real chunk, with its message).
 *
 * @example
 * const gate = createWarmUpGate(2, () => pool.run(emptyChunk, {}));
 * const output = gate.runHere() ? processChunk(input, contract) : await gate.track(pool.run(task, {}));
 */
export function createWarmUpGate(threads: number, warm: () => Promise<unknown>): CallingThreadGate {
  let ready = 0;
  for (let k = 0; k < threads; k++) {
    const started = (): void => {
      ready++;
    };
    warm().then(started, started);
  }
  const sent = chunksOnThreads();
  return {
    runHere: () => ready < threads && sent.count >= ready,
    track: (chunk) => sent.track(chunk),
  };
}

/** Chunks on a pool's threads: one more from `track` until its promise settles, either way. */
export interface ChunksOnThreads {
  readonly count: number;
  track<T>(sent: Promise<T>): Promise<T>;
}

/**
 * A count of the chunks a gate sent to the threads and not yet back.
 *
 * @example
 * const sent = chunksOnThreads();
 * sent.track(pool.run(task, {}));
 * sent.count // 1 until that chunk is back
 */
export function chunksOnThreads(): ChunksOnThreads {
  let count = 0;
  const free = (): void => {
    count--;
  };
  return {
    get count() {
      return count;
    },
    track: <T>(sent: Promise<T>): Promise<T> => {
      count++;
      sent.then(free, free);
      return sent;
    },
  };
}
