/**
 * Prints where worker threads start paying off for `airlock batch` (crossover-sweep.ts: the
 * built CLI as fresh processes, inline against `--threads <n>`, interleaved, best of the
 * rounds per size) over more sizes than the macro suite's sweep: the figures behind the
 * CLI's default (`INLINE_BELOW_BYTES` in packages/worker/src/open-batch-inputs.ts). The CLI
 * runs a log below that threshold inline whatever `--threads` says (the "ran on" column,
 * from each run's statistics): below it, the sweep checks that the rule costs nothing.
 *
 * Run after `turbo run build`:
 *   node --import tsx src/macro/thread-crossover.ts [--rounds 3] [--threads 2] [--sizes 64KB,1MB,16MB]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSize, parseSize } from '../generate/parse-size.js';
import { sweepCrossover } from './crossover-sweep.js';
import { bestOf, wholeProcessUnavailable } from './whole-process.js';

const CORPUS = fileURLToPath(new URL('../../corpus', import.meta.url));
const SIZES = '64KB,256KB,1MB,2MB,4MB,8MB,16MB';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, threads: { type: 'string', default: String(availableParallelism()) }, sizes: { type: 'string', default: SIZES } } });
const rounds = Number(values.rounds);
const threads = Number(values.threads);
const unavailable = wholeProcessUnavailable();
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(threads) || threads < 1 || unavailable !== undefined) {
  console.error(unavailable ?? 'thread-crossover: --rounds and --threads must be positive integers');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'airlock-crossover-'));
try {
  const points = await sweepCrossover({ corpusDir: CORPUS, scratchDir: dir, seed: 1, sizes: values.sizes.split(',').map(parseSize), rounds, threads });
  console.log(`size      inline ms  ${threads} threads ms  ratio  ran on   (best of ${rounds})`);
  for (const p of points) {
    const pooled = bestOf(p.pooled);
    const ranOn = pooled.threads === 0 ? 'inline' : `${pooled.threads} threads`;
    console.log(`${formatSize(p.size).padStart(7)}  ${bestOf(p.inline).ms.toFixed(0).padStart(9)}  ${pooled.ms.toFixed(0).padStart(13)}  ${p.ratio.toFixed(2).padStart(5)}  ${ranOn}`);
  }
  const crossover = points.find((p) => p.ratio > 1 && bestOf(p.pooled).threads !== 0);
  console.log(crossover === undefined ? 'threads never won up to the largest size' : `crossover: ${formatSize(crossover.size)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
