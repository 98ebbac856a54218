/**
 * Macro: the whole pipeline over a generated run log. In each round the naive
 * pipeline, Airlock in-process and `runBatch` inline, with 1 and with 2 worker
 * threads (fresh pools, and warm pools that ran the log once before) process
 * the same file one after the other, so every ratio compares
 * passes that met the same machine load; the figures are medians over rounds.
 * Two generator profiles: the default even mix and a realistic one. These
 * in-process passes diagnose; the headline is the whole-process table
 * (measure-headline.ts: fresh processes, what a user waits for), and the
 * crossover sweep (measure-crossover.ts) checks the CLI's default thread count.
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { LogProfile } from '../generate/generate-records.js';
import { ensureLog } from '../generate/ensure-log.js';
import { formatSize } from '../generate/parse-size.js';
import { PIPELINES } from '../macro/bench-pipelines.js';
import { CONTRACT_MODULE } from '../macro/contract-module.js';
import { processLog } from '../macro/process-log.js';
import { collectGarbage } from '../measure/collect-garbage.js';
import { measureCrossover } from '../macro/measure-crossover.js';
import { measureHeadline } from '../macro/measure-headline.js';
import { timeThreads } from '../macro/thread-ceiling.js';
import { allCpu, cpuByRole, readThreadCpu, shortestPass, type CpuByRole } from '../measure/thread-cpu.js';
import { watchGcPauses, type GcPauses } from '../measure/gc-pauses.js';
import { formatKindProfile, profileByKind } from '../macro/profile-by-kind.js';
import type { Measurement } from '../measure/measure-task.js';
import { median } from '../measure/median.js';
import { loadCreateBatchPool, loadRunBatch, type BenchBatchPool, type BenchBatchStats, type CreateBatchPool, type RunBatch as RunBatchFn } from '../optional/load-run-batch.js';
import type { RatioSpec } from '../report/results.js';
import { BATCH2_FRESH_VS_WARM, BATCH2_VS_BATCH1, BATCH2_VS_BATCH1_SHARE_OF_BOUND, BATCH2_VS_NAIVE, BATCH_INLINE_GC_SHARE, BATCH_INLINE_VS_NAIVE, BATCH_STARTUP_PER_THREAD, KINDS_NEAR_NAIVE, kindVsNaive } from '../report/targets.js';
import type { SuiteRecorder } from './suite-recorder.js';
import type { Suite, SuiteContext } from './suite.js';

type Subject = 'naive' | 'airlock' | 'batch0' | 'batch1' | 'batch2' | 'batch1warm' | 'batch2warm';
const SUBJECTS: Record<Subject, string> = {
  naive: 'naive pipeline, 1 thread',
  airlock: 'Airlock safeParse, 1 thread (no output)',
  batch0: 'runBatch inline (threads 0)',
  batch1: 'runBatch, 1 thread (fresh pool)',
  batch2: 'runBatch, 2 threads (fresh pool)',
  batch1warm: 'runBatch, 1 thread (warm pool)',
  batch2warm: 'runBatch, 2 threads (warm pool)',
};
const BATCH_SUBJECTS = ['batch0', 'batch1', 'batch2', 'batch1warm', 'batch2warm'] as const;
type BatchSubject = (typeof BATCH_SUBJECTS)[number];
const BATCH_THREADS: Record<BatchSubject, number> = { batch0: 0, batch1: 1, batch2: 2, batch1warm: 1, batch2warm: 2 };

interface Pass {
  ms: number;
  /** CPU time of the whole process (all threads): steadier than wall time on a shared machine. */
  cpuMs: number;
  records: number;
  valid: number;
  /** CPU of the pass by thread (Linux only). */
  roles?: CpuByRole;
  /** Collection pauses of the calling thread during the pass, in ms (inline passes). */
  gcMs?: number;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Where a run's chunks go: threads started for it, or a pool shared with earlier runs. */
type Place = { threads: number } | { pool: BenchBatchPool };

function batchRunner(ctx: SuiteContext, runBatch: RunBatchFn, gc?: GcPauses) {
  return async (input: string, place: Place, name: string, workers = 0): Promise<Pass> => {
    const output = join(ctx.tmpDir, `${name}.ndjson`);
    // Each pass writes a new file, as a run usually does: overwriting the last pass's 26 MB
    // output cost each pass about 5 ms of truncation, in the 1- and 2-thread passes alike.
    rmSync(output, { force: true });
    const threadsBefore = readThreadCpu();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const stats: BenchBatchStats | undefined = await runBatch({
      input,
      output,
      contract: { module: CONTRACT_MODULE, export: 'benchContract' },
      ...place,
      field: 'output',
      force: true,
    });
    const ms = performance.now() - started;
    const cpuMs = cpuMsSince(cpu);
    const threadsAfter = threadsBefore === undefined ? undefined : readThreadCpu();
    const records = stats?.records ?? 0;
    const pass: Pass = { ms, cpuMs, records, valid: (stats?.validUntouched ?? 0) + (stats?.validRepaired ?? 0) };
    if (threadsBefore !== undefined && threadsAfter !== undefined) pass.roles = cpuByRole(threadsBefore, threadsAfter, workers);
    // Inline, the calling thread does a worker's work: its collections are the batch's.
    if (gc !== undefined && 'threads' in place && place.threads === 0) pass.gcMs = await gc.between(started, started + ms);
    return pass;
  };
}

/** The batch machinery a profile runs: `runBatch`, and pools when the worker can make them. */
interface BatchKit {
  runBatch: RunBatchFn | undefined;
  createPool: CreateBatchPool | undefined;
  reason: string | undefined;
}

/**
 * Logs' worth of records each thread of a warm pool has processed before it is measured: about
 * 100 MB of the 20 MB default log per thread. Each isolate keeps compiling the pipeline's rarer
 * paths (YAML repair rules, the repairer's less common states) until it has seen about that
 * much: a 2-thread pool's passes fell 0.50 → 0.44 s between 2 and 5 logs' worth per thread,
 * while a 1-thread pool's held at 0.76–0.78 s (on 2026-11-26 builds; each run's warm-up
 * series is in its notes).
 */
const WARM_LOGS_PER_THREAD = 5;

/**
 * Pools of 1 and 2 threads, warmed by unmeasured passes over the log until each thread has
 * processed {@link WARM_LOGS_PER_THREAD} logs' worth (a pass shares the log among the
 * threads, so a 2-thread pool takes twice the passes): what a long-running process, or a
 * batch of many logs, runs on after its first logs. Returns each warm pool's warm-up pass times.
 */
async function warmPools(kit: BatchKit, run: ReturnType<typeof batchRunner>, log: string, places: Map<BatchSubject, Place>): Promise<Map<BatchSubject, number[]>> {
  for (const [subject, threads] of [['batch0', 0], ['batch1', 1], ['batch2', 2]] as const) places.set(subject, { threads });
  const warmUps = new Map<BatchSubject, number[]>();
  if (kit.createPool === undefined) return warmUps;
  for (const [subject, threads] of [['batch1warm', 1], ['batch2warm', 2]] as const) {
    const pool = kit.createPool({ threads });
    // Registered before its warm-up, so a failing warm-up still has the pool closed.
    places.set(subject, { pool });
    const times: number[] = [];
    for (let pass = 0; pass < threads * WARM_LOGS_PER_THREAD; pass++) times.push((await run(log, { pool }, `${subject}-warm-up`)).ms);
    warmUps.set(subject, times);
  }
  return warmUps;
}

async function closePools(places: Map<BatchSubject, Place>): Promise<void> {
  for (const place of places.values()) if ('pool' in place) await place.pool.close();
}

/** One profile: rounds of every subject, medians recorded, ratios of medians. */
async function measureProfile(ctx: SuiteContext, rec: SuiteRecorder, profile: LogProfile, kit: BatchKit): Promise<void> {
  const size = ctx.mode === 'quick' ? 1024 * 1024 : 20 * 1024 * 1024;
  const rounds = ctx.rounds;
  const log = await ensureLog(ctx.corpusDir, size, ctx.seed, profile);
  const caseName = `run log ${formatSize(size)}${profile === 'default' ? '' : ` (${profile})`}`;
  const suffix = profile === 'default' ? '' : `.${profile}`;
  const gc = watchGcPauses();
  const runBatchPass = kit.runBatch === undefined ? undefined : batchRunner(ctx, kit.runBatch, gc);
  const places = new Map<BatchSubject, Place>();
  const passes = new Map<Subject, Pass[]>();
  let bytes = 0;
  try {
    if (runBatchPass !== undefined) {
      const warmUps = await warmPools(kit, runBatchPass, log, places);
      const series = [...warmUps].map(([subject, times]) => `${SUBJECTS[subject]}: ${times.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s`);
      if (series.length > 0) rec.note(`Warm-up passes over ${caseName}, before the measured rounds: ${series.join('; ')}`);
    }
    for (let round = 0; round < rounds; round++) {
      for (const subject of Object.keys(SUBJECTS) as Subject[]) {
        let pass: Pass;
        // Untimed: each pass pays for its own garbage, not for what the passes and suites before it left.
        collectGarbage();
        if (subject === 'naive' || subject === 'airlock') {
          const cpu = process.cpuUsage();
          const run = await processLog(log, PIPELINES[subject]);
          bytes = run.bytes;
          pass = { ms: run.ms, cpuMs: cpuMsSince(cpu), records: run.records, valid: run.accepted };
        } else {
          const place = places.get(subject);
          if (runBatchPass === undefined || place === undefined) continue;
          pass = await runBatchPass(log, place, subject, BATCH_THREADS[subject]);
        }
        passes.set(subject, [...(passes.get(subject) ?? []), pass]);
      }
    }
  } finally {
    gc.stop();
    await closePools(places);
  }
  const measured = new Map<Subject, Measurement>();
  for (const [subject, list] of passes) {
    const ms = median(list.map((p) => p.ms));
    const { records, valid } = list[0]!;
    const spread = list.length > 1 ? `, rounds ${list.map((p) => (p.ms / 1000).toFixed(2)).join(' / ')} s` : '';
    const cpu = median(list.map((p) => p.cpuMs));
    const note = `${records} records (${((valid / Math.max(records, 1)) * 100).toFixed(1)} % valid), ${Math.round(records / (ms / 1000))} records/s, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s, CPU ${(cpu / 1000).toFixed(2)} s${spread}`;
    measured.set(subject, rec.timed(caseName, SUBJECTS[subject], ms, bytes, note));
  }
  for (const subject of BATCH_SUBJECTS) if (!passes.has(subject)) rec.unavailable(caseName, SUBJECTS[subject], kit.reason ?? 'createBatchPool unavailable');
  const airlock = passes.get('airlock')?.[0];
  for (const subject of BATCH_SUBJECTS) {
    const pass = passes.get(subject)?.[0];
    if (pass !== undefined && airlock !== undefined && pass.valid !== airlock.valid) {
      rec.note(`${SUBJECTS[subject]} found ${pass.valid} valid records where in-process safeParse found ${airlock.valid}: worker threads load the built dist of @airlock/core; is it stale (run turbo build)?`);
    }
  }
  const get = (s: Subject): Measurement | null => measured.get(s) ?? null;
  const spec = (base: RatioSpec): RatioSpec => (profile === 'default' ? base : { id: `${base.id}${suffix}`, label: `${base.label} (${profile} log)`, unit: base.unit, better: base.better });
  /** Ratio of medians, and how far the per-round ratios spread (the machine is shared). */
  const ratio = (base: RatioSpec, a: Subject, b: Subject): void => {
    const perRound = (passes.get(a) ?? []).map((p, k) => (passes.get(b)?.[k]?.ms ?? NaN) / p.ms).filter(Number.isFinite);
    const note = perRound.length > 1 ? `per round ${perRound.map((r) => r.toFixed(2)).join(', ')}` : undefined;
    rec.speedRatio(spec(base), get(a), get(b), note ?? kit.reason);
  };
  ratio({ id: 'macro.airlock1_vs_naive', label: 'Whole log: Airlock single-thread vs naive single-thread', unit: 'x', better: 'higher' }, 'airlock', 'naive');
  ratio(BATCH2_VS_NAIVE, 'batch2warm', 'naive');
  ratio(BATCH2_VS_BATCH1, 'batch2warm', 'batch1warm');
  ratio(BATCH_INLINE_VS_NAIVE, 'batch0', 'naive');
  ratio({ id: 'macro.batch2_vs_naive', label: 'Whole log: runBatch 2 threads (fresh pool: start-up and warm-up included) vs naive single-thread pipeline', unit: 'x', better: 'higher' }, 'batch2', 'naive');
  ratio({ id: 'macro.batch2_vs_batch1', label: 'Whole log: runBatch 2 threads vs 1 thread (fresh pools)', unit: 'x', better: 'higher' }, 'batch2', 'batch1');
  ratio(BATCH2_FRESH_VS_WARM, 'batch2', 'batch2warm');
  ratio({ id: 'macro.batch1_vs_airlock1', label: 'Whole log: runBatch 1 thread (warm pool) vs Airlock in-process single-thread', unit: 'x', better: 'higher' }, 'batch1warm', 'airlock');
  ratio({ id: 'macro.batch_inline_vs_airlock1', label: 'Whole log: runBatch inline (reading, serializing, writing) vs Airlock in-process without output', unit: 'x', better: 'higher' }, 'batch0', 'airlock');
  reportCpuByRole(rec, spec, passes.get('batch1warm'), passes.get('batch2warm'), bytes);
  const shares = (passes.get('batch0') ?? []).flatMap((p) => (p.gcMs === undefined ? [] : [(p.gcMs / p.ms) * 100]));
  rec.ratio(spec(BATCH_INLINE_GC_SHARE), shares.length === 0 ? null : median(shares), shares.length > 1 ? `per round ${shares.map((v) => v.toFixed(1)).join(', ')} %` : undefined);
  // Single-thread work compared in CPU time: what a quiet core would show when the machine is shared.
  const cpuOf = (s: Subject): number | undefined => {
    const list = passes.get(s);
    return list === undefined ? undefined : median(list.map((p) => p.cpuMs));
  };
  const cpuRatio = (id: string, label: string, a: Subject, b: Subject): void => {
    const ca = cpuOf(a);
    const cb = cpuOf(b);
    rec.ratio(spec({ id, label, unit: 'x', better: 'higher' }), ca !== undefined && cb !== undefined ? cb / ca : null);
  };
  cpuRatio('macro.batch_inline_vs_naive_cpu', 'Whole log, CPU time: runBatch inline vs naive single-thread pipeline', 'batch0', 'naive');
  cpuRatio('macro.airlock1_vs_naive_cpu', 'Whole log, CPU time: Airlock in-process vs naive single-thread pipeline', 'airlock', 'naive');
  cpuRatio('macro.batch2_vs_naive_cpu_work', 'Whole log, CPU time: naive single-thread vs runBatch 2 threads, fresh pool (all threads; > 1 means less total work)', 'batch2', 'naive');
  cpuRatio('macro.batch2_warm_vs_naive_cpu_work', 'Whole log, CPU time: naive single-thread vs runBatch 2 threads, warm pool (all threads; > 1 means less total work)', 'batch2warm', 'naive');
  if (profile === 'default') {
    rec.ratio({ id: 'macro.airlock.valid', label: 'Whole log: records valid with Airlock', unit: '%', better: 'higher' }, ((airlock?.valid ?? 0) / Math.max(airlock?.records ?? 1, 1)) * 100);
    const naive = passes.get('naive')?.[0];
    rec.ratio({ id: 'macro.naive.valid', label: 'Whole log: records valid with the naive pipeline', unit: '%', better: 'higher' }, ((naive?.valid ?? 0) / Math.max(naive?.records ?? 1, 1)) * 100);
  }
}

/**
 * Where the CPU of the warm 1- and 2-thread passes goes (median pass by role), and the calling
 * thread's time per MB of log: with more cores than workers that thread alone bounds the batch.
 */
function reportCpuByRole(rec: SuiteRecorder, spec: (base: RatioSpec) => RatioSpec, one: Pass[] | undefined, two: Pass[] | undefined, bytes: number): void {
  const split = (list: Pass[]): CpuByRole | undefined => {
    const roles = list.map((p) => p.roles).filter((r): r is CpuByRole => r !== undefined);
    return roles.length === 0 ? undefined : { calling: median(roles.map((r) => r.calling)), workers: median(roles.map((r) => r.workers)), helpers: median(roles.map((r) => r.helpers)) };
  };
  if (one === undefined || two === undefined) return;
  const a = split(one);
  const b = split(two);
  if (a === undefined || b === undefined) return;
  const line = (r: CpuByRole, label: string): string => `${label}: calling thread ${r.calling.toFixed(0)}, workers ${r.workers.toFixed(0)}, helper threads ${r.helpers.toFixed(0)} ms (all ${allCpu(r).toFixed(0)} ms)`;
  const cores = availableParallelism();
  const fastestTwo = shortestPass(b, 2, cores);
  rec.note(`CPU by thread, warm passes (median): ${line(a, '1 thread')}; ${line(b, '2 threads')}. On ${cores} cores a 2-thread pass takes at least ${fastestTwo.toFixed(0)} ms; a 1-thread pass runs its calling and helper threads on a core its worker leaves free.`);
  const twoVsOne = BATCH2_VS_BATCH1.target?.value ?? 1.8;
  const oneWall = median(one.map((p) => p.ms));
  rec.ratio(
    spec({ id: 'macro.batch2_vs_batch1_cpu_bound', label: `Whole log: the most a warm 2-thread pass could gain on 1 thread on this machine's ${cores} cores, given the CPU it spends (1-thread wall / 2-thread CPU shared among the cores)`, unit: 'x', better: 'higher' }),
    oneWall / fastestTwo,
    `1-thread pass ${oneWall.toFixed(0)} ms; 2-thread pass ${allCpu(b).toFixed(0)} ms of CPU on ${cores} cores: at least ${fastestTwo.toFixed(0)} ms${cores === 2 ? `; 2 vs 1 at ${twoVsOne}× on 2 cores needs a 2-thread pass of at most ${((2 * oneWall) / twoVsOne).toFixed(0)} ms of CPU` : ''}`,
  );
  const warm = median(two.map((p) => p.ms));
  rec.ratio(spec(BATCH2_VS_BATCH1_SHARE_OF_BOUND), fastestTwo / warm, `warm 2 vs 1 ${(oneWall / warm).toFixed(2)}× of a bound of ${(oneWall / fastestTwo).toFixed(2)}×`);
  const perMb = b.calling / (bytes / 1e6);
  rec.ratio(spec({ id: 'macro.batch_calling_cpu_ms_per_mb', label: 'Whole log: calling thread CPU per MB of log, runBatch 2 threads (warm)', unit: 'ms', better: 'lower' }), perMb, `bounds a batch at about ${Math.round(1000 / perMb)} MB/s whatever the thread count`);
}

/**
 * Start-up: a tiny log inline and on a new 2-thread pool; the difference is what the pool costs.
 * The pool is made for the pass and handed to the run, so every chunk waits for a thread: a pool
 * the run makes itself lets the calling thread take chunks while its threads start (see the
 * warm-up gate), and a tiny log would then measure no start-up at all.
 */
async function measureStartup(ctx: SuiteContext, rec: SuiteRecorder, runBatch: RunBatchFn, createPool: CreateBatchPool): Promise<void> {
  const tiny = await ensureLog(ctx.corpusDir, 16 * 1024, ctx.seed);
  const run = batchRunner(ctx, runBatch);
  const inline: Pass[] = [];
  const two: Pass[] = [];
  for (let round = 0; round < ctx.rounds; round++) {
    inline.push(await run(tiny, { threads: 0 }, 'startup-inline'));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pool = createPool({ threads: 2 });
    try {
      const pass = await run(tiny, { pool }, 'startup-2');
      two.push({ ...pass, ms: performance.now() - started, cpuMs: cpuMsSince(cpu) });
    } finally {
      await pool.close();
    }
  }
  const cpuPerThread = Math.max(0, (median(two.map((p) => p.cpuMs)) - median(inline.map((p) => p.cpuMs))) / 2);
  rec.ratio({ id: 'macro.startup_cpu_ms_per_thread', label: 'Pool start-up per worker thread, CPU time (2 threads minus inline, halved)', unit: 'ms', better: 'lower' }, cpuPerThread);
  const inlineMs = median(inline.map((p) => p.ms));
  const twoMs = median(two.map((p) => p.ms));
  rec.timed('run log 16KB', 'runBatch inline (start-up reference)', inlineMs, 16 * 1024);
  rec.timed('run log 16KB', 'runBatch, 2 threads (start-up cost)', twoMs, 16 * 1024);
  rec.ratio(BATCH_STARTUP_PER_THREAD, Math.max(0, (twoMs - inlineMs) / 2), `inline ${inlineMs.toFixed(0)} ms, 2 threads ${twoMs.toFixed(0)} ms (wall); CPU per thread ${cpuPerThread.toFixed(0)} ms`);
}

/** The batch's per-chunk work alone on 1 and 2 plain threads: the ceiling of its 2-vs-1 ratio here (see thread-ceiling.ts). */
async function measureThreadCeiling(ctx: SuiteContext, rec: SuiteRecorder): Promise<void> {
  const size = ctx.mode === 'quick' ? 1024 * 1024 : 20 * 1024 * 1024;
  const log = await ensureLog(ctx.corpusDir, size, ctx.seed);
  const contract = { module: CONTRACT_MODULE, export: 'benchContract' };
  const one: number[] = [];
  const two: number[] = [];
  // Alternating, so both meet the same machine load.
  for (let round = 0; round < ctx.rounds; round++) {
    one.push(...(await timeThreads(log, contract, 1, 1, WARM_LOGS_PER_THREAD)));
    two.push(...(await timeThreads(log, contract, 2, 1, WARM_LOGS_PER_THREAD)));
  }
  const note = `1 thread ${one.map((ms) => ms.toFixed(0)).join(' / ')} ms, 2 threads ${two.map((ms) => ms.toFixed(0)).join(' / ')} ms per pass over ${formatSize(size)}`;
  rec.ratio({ id: 'macro.thread_ceiling_2v1', label: 'Per-chunk work alone (processChunk on plain threads, main thread idle): 2 threads vs 1 — the ceiling of the batch\'s 2-vs-1 ratio on this machine', unit: 'x', better: 'higher' }, median(one) / median(two), note);
}

export const macroSuite: Suite = {
  name: 'macro',
  description: 'As users run it, fresh processes (naive script writing its results, airlock batch inline / 1 / 2 threads; 20 and 200 MB) and the threads crossover; in process, the whole pipeline over generated logs (default and realistic profiles): naive, Airlock, runBatch inline / 1 / 2 threads',
  async run(ctx, rec) {
    const batch = await loadRunBatch();
    const pools = await loadCreateBatchPool();
    const kit: BatchKit = {
      runBatch: batch.available ? batch.value : undefined,
      createPool: pools.available ? pools.value : undefined,
      reason: !batch.available ? batch.reason : !pools.available ? pools.reason : undefined,
    };
    for (const profile of ctx.mode === 'quick' ? (['default'] as const) : (['default', 'realistic'] as const)) {
      await measureProfile(ctx, rec, profile, kit);
    }
    if (kit.runBatch !== undefined) {
      if (kit.createPool !== undefined) await measureStartup(ctx, rec, kit.runBatch, kit.createPool);
      await measureThreadCeiling(ctx, rec);
    }
    // As users run it: fresh processes, the results' headline; then where threads start to pay.
    await measureHeadline(ctx, rec);
    await measureCrossover(ctx, rec);
    // 4,000 records: the rarest kind with a target, tagged answers, then has about 300 to time (150
    // at 2,000 read 0.78–0.93 over earlier runs).
    const profile = profileByKind(ctx.mode === 'quick' ? 400 : 4000, ctx.seed);
    rec.note(`Time by output kind (first records of the log):\n${formatKindProfile(profile).map((l) => `- ${l}`).join('\n')}`);
    for (const kind of KINDS_NEAR_NAIVE) {
      const airlock = profile.airlock[kind];
      const naive = profile.naive[kind];
      if (airlock !== undefined && naive !== undefined && airlock > 0) rec.ratio(kindVsNaive(kind), naive / airlock);
    }
  },
};
