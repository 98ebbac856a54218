/**
 * The macro suite's crossover sweep (crossover-sweep.ts): `airlock batch --threads 2` against
 * `--threads 0` as fresh processes on logs of 64 KB to 64 MB (quick: 64 KB and 256 KB), best
 * of the rounds per size. Asking for 2 threads should never make a run slower than inline,
 * which the worst ratio over the sizes where threads started checks. The CLI runs a log below
 * its threshold (`INLINE_BELOW_BYTES`) inline whatever `--threads` says; each row notes what a
 * run ran on, from its statistics, so a size where both sides ran inline reads as such.
 */
import { formatSize } from '../generate/parse-size.js';
import { CROSSOVER_WORST } from '../report/targets.js';
import type { SuiteRecorder } from '../suites/suite-recorder.js';
import type { SuiteContext } from '../suites/suite.js';
import { sweepCrossover } from './crossover-sweep.js';
import { bestOf, wholeProcessUnavailable } from './whole-process.js';

const KB = 1024;
// Below the CLI's threshold (48 MiB) both sides run inline; 64 MB is above it.
const CROSSOVER_SIZES = [64 * KB, 1024 * KB, 4096 * KB, 16384 * KB, 65536 * KB] as const;
const QUICK_SIZES = [64 * KB, 256 * KB] as const;

/**
 * Records one row per side and size, the per-size ratios and the worst one.
 *
 * @example
 * await measureCrossover(ctx, rec); // ratios 'macro.crossover.cli2_vs_inline.64KB', …, 'macro.crossover.worst_cli2_vs_inline'
 */
export async function measureCrossover(ctx: SuiteContext, rec: SuiteRecorder): Promise<void> {
  const unavailable = wholeProcessUnavailable();
  if (unavailable !== undefined) {
    rec.ratio(CROSSOVER_WORST, null, unavailable);
    return;
  }
  const points = await sweepCrossover({
    corpusDir: ctx.corpusDir,
    scratchDir: ctx.tmpDir,
    seed: ctx.seed,
    sizes: ctx.mode === 'quick' ? QUICK_SIZES : CROSSOVER_SIZES,
    rounds: ctx.rounds,
    threads: 2,
    onSize: (size) => ctx.log(`macro: crossover on ${formatSize(size)}, ${ctx.rounds} round(s) of inline and 2 threads`),
  });
  for (const point of points) {
    const label = formatSize(point.size);
    const caseName = `run log ${label}, crossover`;
    for (const [side, runs] of [['inline (threads 0)', point.inline], ['2 threads', point.pooled]] as const) {
      const rounds = runs.map((r) => (r.ms / 1000).toFixed(2)).join(' / ');
      const best = bestOf(runs);
      const ran = best.threads === 0 ? 'ran inline' : `ran on ${best.threads} thread(s)`;
      rec.timed(caseName, `\`airlock batch\`, ${side}, fresh process`, best.ms, point.bytes, `best of ${runs.length}: ${rounds} s; ${ran}`);
    }
    rec.ratio({ id: `macro.crossover.cli2_vs_inline.${label}`, label: `Crossover, ${label} log: \`airlock batch\` 2 threads vs inline (fresh processes)`, unit: 'x', better: 'higher' }, point.ratio);
  }
  // Where `--threads 2` ran inline the two sides did the same work: their ratio is noise around 1.
  const started = points.filter((p) => bestOf(p.pooled).threads !== 0);
  const worst = started.length === 0 ? { size: 0, ratio: 1 } : started.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const pooled = started.map((p) => formatSize(p.size));
  const ranOn = pooled.length === 0 ? 'every `--threads 2` run ran inline' : `\`--threads 2\` started threads at ${pooled.join(', ')} and ran inline below`;
  rec.ratio(CROSSOVER_WORST, worst.ratio, `${started.length === 0 ? 'no size started threads' : `worst at ${formatSize(worst.size)}`}; by size ${points.map((p) => `${formatSize(p.size)} ${p.ratio.toFixed(2)}`).join(', ')}; ${ranOn}`);
}
