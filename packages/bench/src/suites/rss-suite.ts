/**
 * Peak RSS on growing logs: each log is processed in a fresh child process
 * (batch with 2 threads when @airlock/worker provides runBatch, else Airlock
 * streaming on one thread) that reports its own maxRSS. Flat means memory
 * does not follow the log size.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureLog } from '../generate/ensure-log.js';
import { formatSize } from '../generate/parse-size.js';
import { loadRunBatch } from '../optional/load-run-batch.js';
import { RSS_PEAK } from '../report/targets.js';
import type { Suite } from './suite.js';

const run = promisify(execFile);
const PROBE = fileURLToPath(new URL('../macro/rss-probe.ts', import.meta.url));
const BATCH_PROBE = fileURLToPath(new URL('../macro/rss-batch-probe.mjs', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));

export const rssSuite: Suite = {
  name: 'rss',
  description: 'Peak RSS of a fresh process per log size (batch 2 threads, else single-thread streaming)',
  async run(ctx, rec) {
    // The full run checks the target's two points: 20 MB and 200 MB of log, 2 threads.
    const sizes = ctx.mode === 'quick' ? [1, 4] : [20, 200];
    const batch = await loadRunBatch();
    const mode = batch.available ? 'batch' : 'airlock';
    if (!batch.available) rec.note(`runBatch ${batch.reason}; measuring Airlock single-thread streaming instead.`);
    const peaks: number[] = [];
    for (const mb of sizes) {
      const size = mb * 1024 * 1024;
      const log = await ensureLog(ctx.corpusDir, size, ctx.seed);
      ctx.log(`rss: ${mode} on ${formatSize(size)}`);
      const output = join(ctx.tmpDir, `rss-${mb}.ndjson`);
      // A batch is measured as users run it: plain Node and the built packages, no TypeScript loader.
      // The single-thread probe is TypeScript, but it imports the built core as well.
      const args = mode === 'batch' ? [BATCH_PROBE, '--input', log, '--threads', '2', '--output', output] : ['--import', 'tsx', PROBE, '--input', log];
      const { stdout } = await run(process.execPath, args, { cwd: BENCH_DIR, maxBuffer: 16 * 1024 * 1024 });
      const lines = stdout.trim().split('\n');
      const probe = JSON.parse(lines[lines.length - 1]!) as { maxRssMB: number; records: number; ms: number };
      peaks.push(probe.maxRssMB);
      rec.timed(formatSize(size), mode === 'batch' ? 'runBatch, 2 threads (child process)' : 'Airlock safeParse, 1 thread (child process)', probe.ms, size, `peak RSS ${probe.maxRssMB.toFixed(0)} MB, ${probe.records} records`);
    }
    const note = `peaks by size: ${sizes.map((mb, i) => `${mb}MB → ${peaks[i]!.toFixed(0)} MB`).join(', ')} (${mode})`;
    rec.ratio(RSS_PEAK, Math.max(...peaks), note);
    rec.ratio({ id: 'rss.growth', label: `Peak RSS growth: largest log / smallest log (${sizes[sizes.length - 1]}× / ${sizes[0]}× MB; 1.0 = flat)`, unit: '', better: 'lower' }, peaks[peaks.length - 1]! / peaks[0]!);
  },
};
