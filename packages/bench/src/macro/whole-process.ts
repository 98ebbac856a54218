/**
 * The batch as users run it: each subject is a fresh Node process over the same log, started
 * cold (module loading, compilation), timed from spawn to exit, with its own peak resident
 * memory. The naive pipeline runs as a plain script writing one result line per record
 * (naive-script.ts); Airlock runs as the `airlock batch` command, writing its results. In-process
 * figures share the bench process's warm code; these do not, so they show what a user waits for.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { packagesPath, tryImport } from '../optional/try-import.js';
import { CONTRACT_MODULE } from './contract-module.js';

const run = promisify(execFile);

/** The compiled naive script (the bench's build output) and the CLI's entry. */
const NAIVE_SCRIPT = fileURLToPath(new URL('../../dist/macro/naive-script.js', import.meta.url));
const CLI = fileURLToPath(new URL('../../../../apps/cli/bin/airlock.mjs', import.meta.url));
/** Preloaded into every subject: writes the process's peak RSS at exit (see peak-rss-on-exit.mjs). */
const PEAK_RSS_PRELOAD = pathToFileURL(fileURLToPath(new URL('./peak-rss-on-exit.mjs', import.meta.url))).href;

/**
 * What a fresh process runs: the naive script, or `airlock batch` with `--threads <threads>`
 * (0 = inline); `flag: false` leaves `--threads` out, as a user who does not set it runs the
 * command (`threads` is then what the caller expects the CLI's default to be for the log).
 */
export type ProcessSubject = { kind: 'naive' } | { kind: 'cli'; threads: number; flag: boolean };

/** One timed process. */
export interface ProcessRun {
  /** Wall time from spawn to exit. */
  ms: number;
  /** Peak resident memory of the process (`VmHWM`: all its threads), MB; null when not measured. */
  peakRssMB: number | null;
  /** Records the subject reported processing. */
  records: number;
  /**
   * Worker threads the batch ran on, from its statistics (0: inline; the CLI runs a log below
   * its threshold inline whatever `--threads` says); null for the naive script.
   */
  threads: number | null;
}

/** Why the comparison cannot run here, or undefined when it can. */
export function wholeProcessUnavailable(): string | undefined {
  if (!existsSync(NAIVE_SCRIPT)) return `the bench is not built (${NAIVE_SCRIPT} is missing)`;
  if (!existsSync(join(CLI, '..', '..', 'dist', 'main.js'))) return 'the CLI is not built';
  return undefined;
}

/**
 * The worker threads `airlock batch` takes for a log of `bytes` when `--threads` is not given
 * (the built worker's rule: inline below INLINE_BELOW_BYTES, else one per core), or undefined
 * when the worker is not built.
 *
 * @example
 * await cliDefaultThreads(20 * 1024 * 1024) // 2 on a 2-core machine
 */
export async function cliDefaultThreads(bytes: number): Promise<number | undefined> {
  const worker = await tryImport(packagesPath('worker/dist/index.js'));
  if (!worker.ok) return undefined;
  const { INLINE_BELOW_BYTES: inlineBelow, threadsPerCore } = worker.module;
  if (typeof inlineBelow !== 'number' || typeof threadsPerCore !== 'function') return undefined;
  return bytes < inlineBelow ? 0 : Number((threadsPerCore as () => number)());
}

/** Command line of a subject; `scratch` prefixes the files it writes. */
function commandOf(subject: ProcessSubject, log: string, scratch: string): string[] {
  if (subject.kind === 'naive') return [NAIVE_SCRIPT, log, `${scratch}.ndjson`];
  const threads = subject.flag ? ['--threads', String(subject.threads)] : [];
  return [CLI, 'batch', log, '--contract', `${CONTRACT_MODULE}#benchContract`, '-o', `${scratch}.ndjson`, '--force', '--quiet', '--stats-json', `${scratch}.stats.json`, ...threads];
}

/** Records processed and threads used, from the naive script's stdout or the batch's statistics. */
function outcomeOf(subject: ProcessSubject, stdout: string, scratch: string): Pick<ProcessRun, 'records' | 'threads'> {
  if (subject.kind === 'naive') return { records: (JSON.parse(stdout.trim().split('\n').pop()!) as { records: number }).records, threads: null };
  const stats = JSON.parse(readFileSync(`${scratch}.stats.json`, 'utf8')) as { records: number; threads: number };
  return { records: stats.records, threads: stats.threads };
}

/**
 * Runs one subject over `log` in a fresh process. `scratch` is a path prefix for its output,
 * statistics and peak-RSS files; the output is removed first, so every run writes a new file
 * as a run usually does. `peakRss: false` leaves the preload out (to check what it costs).
 *
 * @example
 * await timeProcess({ kind: 'cli', threads: 2, flag: true }, 'corpus/log-20MB-s1-g1.jsonl', 'scratch/cli2')
 * // { ms: 2260, peakRssMB: 181.3, records: 11873, threads: 2 }
 */
export async function timeProcess(subject: ProcessSubject, log: string, scratch: string, options: { peakRss?: boolean } = {}): Promise<ProcessRun> {
  const rssFile = `${scratch}.rss`;
  for (const file of [`${scratch}.ndjson`, `${scratch}.stats.json`, rssFile]) rmSync(file, { force: true });
  const measureRss = options.peakRss !== false;
  const args = [...(measureRss ? ['--import', PEAK_RSS_PRELOAD] : []), ...commandOf(subject, log, scratch)];
  const env = measureRss ? { ...process.env, BENCH_PEAK_RSS_FILE: rssFile } : process.env;
  const started = performance.now();
  const { stdout } = await run(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 });
  const ms = performance.now() - started;
  const peakRssMB = measureRss && existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : null;
  return { ms, peakRssMB, ...outcomeOf(subject, stdout, scratch) };
}

/**
 * One untimed run of each subject over `log` (a small one): the first process after a build or
 * a change to the contract compiles the contract into the CLI's cache and reads its modules
 * from disk, once, as a user's first run does and their later runs do not. Measured rounds
 * then start alike.
 *
 * @example
 * await warmUp([{ kind: 'naive' }, { kind: 'cli', threads: 0, flag: true }], tinyLog, join(dir, 'warm-up'));
 */
export async function warmUp(subjects: readonly ProcessSubject[], log: string, scratch: string): Promise<void> {
  for (const subject of subjects) await timeProcess(subject, log, scratch, { peakRss: false });
}

/**
 * Runs every subject `rounds` times, taking turns within each round, each round starting one
 * subject further on: a burst of load from elsewhere on a shared machine then meets every
 * subject rather than one, and no subject always follows the same one.
 *
 * @example
 * const runs = await interleaved(['naive', 'cli2'], 3, (key) => timeProcess(SUBJECTS[key], log, join(dir, key)));
 * bestOf(runs.get('cli2')!).ms
 */
export async function interleaved<K extends string>(keys: readonly K[], rounds: number, runOne: (key: K) => Promise<ProcessRun>): Promise<Map<K, ProcessRun[]>> {
  const runs = new Map<K, ProcessRun[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(round + k) % keys.length]!;
      runs.get(key)!.push(await runOne(key));
    }
  }
  return runs;
}

/**
 * Best of a subject's runs: the shortest wall time (what the machine allows when nothing else
 * competes), and the largest peak RSS any run reached; records and threads of the first run.
 *
 * @example
 * bestOf([{ ms: 900, peakRssMB: 150, records: 9, threads: 2 }, { ms: 800, peakRssMB: 160, records: 9, threads: 2 }])
 * // { ms: 800, peakRssMB: 160, records: 9, threads: 2 }
 */
export function bestOf(runs: readonly ProcessRun[]): ProcessRun {
  const peaks = runs.flatMap((r) => (r.peakRssMB === null ? [] : [r.peakRssMB]));
  return { ...runs[0]!, ms: Math.min(...runs.map((r) => r.ms)), peakRssMB: peaks.length === 0 ? null : Math.max(...peaks) };
}

/**
 * The `airlock batch` subjects that ran the same way (their statistics name the same thread
 * count: below its threshold the CLI runs a log inline whatever `--threads` says), two or more,
 * with how far apart their best times are (slowest / fastest − 1): the same run mode timed
 * several times in one run, so the spread is that run's noise, made visible.
 *
 * @example
 * sameModeSpreads(new Map([['cli0', run(2440, 0)], ['cli1', run(2380, 0)], ['cli2', run(2600, 0)]]))
 * // [{ threads: 0, keys: ['cli0', 'cli1', 'cli2'], fastestMs: 2380, slowestMs: 2600, spread: 0.092 }]
 */
export function sameModeSpreads<K extends string>(best: ReadonlyMap<K, ProcessRun>): { threads: number; keys: K[]; fastestMs: number; slowestMs: number; spread: number }[] {
  const byThreads = new Map<number, K[]>();
  for (const [key, run] of best) if (run.threads !== null) byThreads.set(run.threads, [...(byThreads.get(run.threads) ?? []), key]);
  return [...byThreads].flatMap(([threads, keys]) => {
    if (keys.length < 2) return [];
    const times = keys.map((key) => best.get(key)!.ms);
    const fastestMs = Math.min(...times);
    const slowestMs = Math.max(...times);
    return [{ threads, keys, fastestMs, slowestMs, spread: slowestMs / fastestMs - 1 }];
  });
}
