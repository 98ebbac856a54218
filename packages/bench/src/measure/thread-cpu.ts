/**
 * CPU time by thread of this process, read from Linux's per-thread scheduler
 * statistics (`/proc/self/task/<tid>/schedstat`, nanoseconds on the CPU). A
 * batch pass's CPU splits into the calling thread, its worker threads and the
 * helper threads (V8's garbage-collection and compiler threads, libuv's I/O
 * threads): on a machine with as many cores as workers, the calling thread and
 * the helpers take their time from the workers, so the split explains how far a
 * second thread can get.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds of each live thread, by thread id; undefined where /proc has no such figures. */
export type ThreadCpu = Map<string, number>;

/** Reads every thread's CPU time so far; undefined off Linux (or without schedstat). */
export function readThreadCpu(): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const cpu: ThreadCpu = new Map();
  for (const tid of tids) {
    try {
      const [onCpuNs] = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ');
      cpu.set(tid, Number(onCpuNs) / 1e6);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return cpu.size > 0 ? cpu : undefined;
}

/** A pass's CPU milliseconds by role. */
export interface CpuByRole {
  /** The thread that called `runBatch`: reading, cutting, handing over, writing, checkpointing. */
  calling: number;
  /** The `workers` busiest other threads: the batch's worker threads. */
  workers: number;
  /** Every other thread: garbage-collection and compiler helpers, I/O threads. */
  helpers: number;
}

/**
 * Splits the CPU used between two readings. The worker threads are told apart as the busiest
 * threads other than the calling one (each does several times any helper's work).
 *
 * @example
 * const before = readThreadCpu(); await runBatch({ …, threads: 2 }); const after = readThreadCpu();
 * cpuByRole(before!, after!, 2); // { calling: 30, workers: 741, helpers: 69 }
 */
export function cpuByRole(before: ThreadCpu, after: ThreadCpu, workers: number): CpuByRole {
  const calling = String(process.pid);
  const others: number[] = [];
  let callingMs = 0;
  for (const [tid, ms] of after) {
    const used = ms - (before.get(tid) ?? 0);
    if (tid === calling) callingMs = used;
    else others.push(used);
  }
  others.sort((a, b) => b - a);
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  return { calling: callingMs, workers: sum(others.slice(0, workers)), helpers: sum(others.slice(workers)) };
}

/**
 * All the CPU of a pass, every role together.
 *
 * @example
 * allCpu({ calling: 30, workers: 800, helpers: 70 }) // 900
 */
export function allCpu(cpu: CpuByRole): number {
  return cpu.calling + cpu.workers + cpu.helpers;
}

/**
 * The shortest wall time a pass with this CPU split can take on `cores` cores: all its CPU
 * shared evenly among the cores, and never less than one worker's even share of the workers'
 * CPU. A 1-thread pass's wall time divided by this is the most its 2-thread counterpart could
 * gain, given the CPU it spends.
 *
 * @example
 * shortestPass({ calling: 30, workers: 800, helpers: 70 }, 2, 2) // 450: two cores, 900 ms of CPU
 * shortestPass({ calling: 30, workers: 800, helpers: 70 }, 2, 8) // 400: one worker's 800 / 2
 */
export function shortestPass(cpu: CpuByRole, workers: number, cores: number): number {
  return Math.max(allCpu(cpu) / Math.max(cores, 1), cpu.workers / Math.max(workers, 1));
}
