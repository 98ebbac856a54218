/**
 * Runs one task under tinybench and reduces it to the figures the reports
 * use. Timing is the median latency: on a shared, noisy machine it moves far
 * less than the mean.
 */
import { Bench } from 'tinybench';

/** How long to measure one task. */
export interface Budget {
  /** Minimum measuring time per task, ms. */
  time: number;
  /** Minimum iterations per task. */
  iterations: number;
  warmupTime: number;
  warmupIterations: number;
}

export interface Measurement {
  name: string;
  /** UTF-8 bytes processed per operation. */
  bytes: number;
  opsPerSec: number;
  mbPerSec: number;
  medianMs: number;
  meanMs: number;
  samples: number;
  /**
   * The per-round medians (ms) of a task measured in a group, in round order: round k of every
   * task of one group ran side by side, so a ratio can pair them (see pairedTimeRatio).
   */
  rounds?: { group: number; ms: number[] };
}

const MB = 1024 * 1024;

/**
 * Measures `fn`, which processes `bytes` bytes per call.
 *
 * @example
 * const m = await measureTask('JSON.parse', () => JSON.parse(text), Buffer.byteLength(text), budget);
 * m.mbPerSec
 */
export async function measureTask(name: string, fn: () => unknown, bytes: number, budget: Budget): Promise<Measurement> {
  const bench = new Bench({
    name,
    time: budget.time,
    iterations: budget.iterations,
    warmupTime: budget.warmupTime,
    warmupIterations: budget.warmupIterations,
    // Later rounds of a group run on a warm JIT; a zero warm-up budget skips it.
    warmup: budget.warmupIterations > 0 || budget.warmupTime > 0,
    throws: true,
  });
  bench.add(name, fn);
  await bench.run();
  const task = bench.tasks[0];
  const result = task?.result;
  if (result === undefined || !('latency' in result)) {
    throw new Error(`tinybench returned no statistics for "${name}" (state: ${result?.state ?? 'missing'}).`);
  }
  const medianMs = result.latency.p50 > 0 ? result.latency.p50 : result.latency.mean;
  const opsPerSec = 1000 / medianMs;
  return {
    name,
    bytes,
    opsPerSec,
    mbPerSec: (bytes * opsPerSec) / MB,
    medianMs,
    meanMs: result.latency.mean,
    samples: result.latency.samplesCount,
  };
}

/**
 * The budget for a task of `bytes` per call: quick mode is a smoke test (a
 * few iterations), full mode measures for about half a second per task, after a
 * second of unmeasured calls on small inputs. The pipeline is large: `safeParse` on the
 * defective JSON set settles only after about half a second of calls (26 ms a pass at 0.3 s,
 * 13 ms from 0.5 s; 2026-11-29, 0.1.0), where a peer of a few hundred lines is warm at once,
 * so a short warm-up left a group's first round timing Airlock's warm-up. What a fresh process
 * pays to warm up is the whole-process headline's business, not a micro suite's.
 *
 * @example
 * budgetFor('quick', 2048) // { time: 40, iterations: 3, … }
 */
export function budgetFor(mode: 'quick' | 'full', bytes: number): Budget {
  const large = bytes >= 512 * 1024;
  if (mode === 'quick') return { time: large ? 20 : 40, iterations: large ? 2 : 3, warmupTime: 5, warmupIterations: 1 };
  return { time: large ? 400 : 500, iterations: large ? 3 : 10, warmupTime: large ? 0 : 1000, warmupIterations: large ? 1 : 5 };
}
