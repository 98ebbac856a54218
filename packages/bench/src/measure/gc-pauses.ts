/**
 * Garbage-collection pauses of the calling thread, from Node's `gc` performance entries: how
 * much of a pass went to collecting (the target is under 10 %). The entries reach
 * the observer a little after each collection, so a reading waits for the timers phase first.
 */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** An open watch over this thread's collections. */
export interface GcPauses {
  /** Milliseconds of collections that started in `[from, to)` (`performance.now()` times). */
  between(from: number, to: number): Promise<number>;
  stop(): void;
}

/**
 * Starts recording this thread's collections.
 *
 * @example
 * const gc = watchGcPauses(); const t0 = performance.now(); work(); const t1 = performance.now();
 * const share = (await gc.between(t0, t1)) / (t1 - t0); gc.stop();
 */
export function watchGcPauses(): GcPauses {
  let entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    entries.push(...list.getEntries());
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async between(from, to) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      let paused = 0;
      for (const entry of entries) if (entry.startTime >= from && entry.startTime < to) paused += entry.duration;
      // Older entries are never asked for again: the list stays as long as one pass's.
      entries = entries.filter((entry) => entry.startTime >= to);
      return paused;
    },
    stop: () => observer.disconnect(),
  };
}
