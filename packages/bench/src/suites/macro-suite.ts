/**
 * Macro: the whole pipeline over a generated run log. Airlock single-thread
 * and the naive pipeline stream the same file in the same run; `runBatch`
 * runs it with 1 and 2 worker threads when @airlock/worker provides it.
 * Throughput is best-of-N passes (the machine is shared and noisy).
 */
import { join } from 'node:path';
import { ensureLog } from '../generate/ensure-log.js';
import { formatSize } from '../generate/parse-size.js';
import { PIPELINES } from '../macro/bench-pipelines.js';
import { CONTRACT_MODULE } from '../macro/contract-module.js';
import { processLog, type LogPass } from '../macro/process-log.js';
import { formatKindProfile, profileByKind } from '../macro/profile-by-kind.js';
import type { Measurement } from '../measure/measure-task.js';
import { loadRunBatch, type BenchBatchStats } from '../optional/load-run-batch.js';
import { BATCH2_VS_BATCH1, BATCH2_VS_NAIVE } from '../report/targets.js';
import type { Suite } from './suite.js';

async function best<T extends { ms: number }>(repeats: number, run: () => Promise<T>): Promise<T> {
  let winner: T | null = null;
  for (let i = 0; i < repeats; i++) {
    const result = await run();
    if (winner === null || result.ms < winner.ms) winner = result;
  }
  return winner!;
}

function describe(pass: LogPass): string {
  return `${pass.records} records, ${((pass.accepted / pass.records) * 100).toFixed(1)} % valid, ${Math.round(pass.records / (pass.ms / 1000))} records/s`;
}

export const macroSuite: Suite = {
  name: 'macro',
  description: 'Whole pipeline over a generated log: Airlock vs naive single-thread, runBatch 1 and 2 threads',
  async run(ctx, rec) {
    const size = ctx.mode === 'quick' ? 1024 * 1024 : 8 * 1024 * 1024;
    const repeats = ctx.mode === 'quick' ? 1 : 2;
    const log = await ensureLog(ctx.corpusDir, size, ctx.seed);
    const caseName = `run log ${formatSize(size)}`;

    const naive = await best(repeats, () => processLog(log, PIPELINES.naive));
    const naiveM = rec.timed(caseName, 'naive pipeline, 1 thread', naive.ms, naive.bytes, describe(naive));
    const airlock = await best(repeats, () => processLog(log, PIPELINES.airlock));
    const airlockM = rec.timed(caseName, 'Airlock safeParse, 1 thread', airlock.ms, airlock.bytes, describe(airlock));
    rec.speedRatio({ id: 'macro.airlock1_vs_naive', label: 'Whole log: Airlock single-thread vs naive single-thread', unit: 'x', better: 'higher' }, airlockM, naiveM);
    rec.ratio({ id: 'macro.airlock.valid', label: 'Whole log: records valid with Airlock', unit: '%', better: 'higher' }, (airlock.accepted / airlock.records) * 100);
    rec.ratio({ id: 'macro.naive.valid', label: 'Whole log: records valid with the naive pipeline', unit: '%', better: 'higher' }, (naive.accepted / naive.records) * 100);

    const batch = await loadRunBatch();
    const reason = batch.available ? undefined : batch.reason;
    const byThreads = new Map<number, Measurement | null>();
    const runOnce = async (input: string, threads: number): Promise<{ ms: number; stats: BenchBatchStats | undefined }> => {
      if (!batch.available) throw new Error(batch.reason);
      const started = performance.now();
      const stats = await batch.value({
        input,
        output: join(ctx.tmpDir, `batch-${threads}.ndjson`),
        contract: { module: CONTRACT_MODULE, export: 'benchContract' },
        threads,
        field: 'output',
        force: true,
      });
      return { ms: performance.now() - started, stats };
    };
    for (const threads of [1, 2]) {
      const subject = `runBatch, ${threads} thread${threads > 1 ? 's' : ''}`;
      if (!batch.available) {
        rec.unavailable(caseName, subject, batch.reason);
        byThreads.set(threads, null);
        continue;
      }
      try {
        const run = await best(repeats, () => runOnce(log, threads));
        const stats = run.stats;
        const valid = (stats?.validUntouched ?? 0) + (stats?.validRepaired ?? 0);
        let note = 'incl. pool start-up and output writing';
        if (stats?.records !== undefined && stats.records > 0) {
          note = `${stats.records} records, ${((valid / stats.records) * 100).toFixed(1)} % valid (${note})`;
          if (valid !== airlock.accepted) {
            rec.note(`runBatch (${threads} thread(s)) found ${valid} valid records where in-process safeParse found ${airlock.accepted}: worker threads load the built dist of @airlock/core; is it stale (run turbo build)?`);
          }
        }
        byThreads.set(threads, rec.timed(caseName, subject, run.ms, naive.bytes, note));
      } catch (error) {
        rec.unavailable(caseName, subject, `runBatch threw: ${(error as Error).message.split('\n')[0]}`);
        byThreads.set(threads, null);
      }
    }
    const two = byThreads.get(2) ?? null;
    rec.speedRatio(BATCH2_VS_NAIVE, two, naiveM, reason);
    rec.speedRatio(BATCH2_VS_BATCH1, two, byThreads.get(1) ?? null, reason);
    rec.speedRatio({ id: 'macro.batch1_vs_airlock1', label: 'Whole log: runBatch 1 thread vs Airlock in-process single-thread', unit: 'x', better: 'higher' }, byThreads.get(1) ?? null, airlockM, reason);
    if (two !== null) {
      // A fixed start-up cost (pool, contract loading) weighs on a small log; measure it on a tiny one.
      const tiny = await ensureLog(ctx.corpusDir, 16 * 1024, ctx.seed);
      const startup = await best(repeats, () => runOnce(tiny, 2));
      rec.timed('run log 16KB', 'runBatch, 2 threads (start-up cost)', startup.ms, 16 * 1024);
      const steady = two.medianMs - startup.ms;
      rec.ratio(
        { id: 'macro.batch2_vs_naive_steady', label: 'Whole log: runBatch 2 threads vs naive, start-up subtracted (estimate)', unit: 'x', better: 'higher' },
        steady > 0 ? naiveM.medianMs / steady : null,
      );
    }

    const profile = profileByKind(Math.min(naive.records, ctx.mode === 'quick' ? 400 : 2000), ctx.seed);
    rec.note(`Time by output kind (first records of the log):\n${formatKindProfile(profile).map((l) => `- ${l}`).join('\n')}`);
  },
};
