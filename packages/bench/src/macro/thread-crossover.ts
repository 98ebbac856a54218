/**
 * Measures where worker threads start paying off for `airlock batch`: wall time
 * of the built CLI, one fresh process per run (as a user runs it: start-up,
 * contract load and pool start included), inline (`--threads 0`) against
 * `--threads <n>` (default: available parallelism), on generated logs of
 * growing size. The smallest size where threads win on the median of the
 * rounds is the crossover the CLI's default uses (`INLINE_BELOW_BYTES`).
 *
 * Run after `turbo run build`:
 *   node --conditions=source --import tsx src/macro/thread-crossover.ts [--rounds 3] [--threads 2]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureLog } from '../generate/ensure-log.js';
import { CONTRACT_MODULE } from './contract-module.js';

const BIN = fileURLToPath(new URL('../../../../apps/cli/bin/airlock.mjs', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../corpus', import.meta.url));
const SIZES = [64, 256, 1024, 2048, 4096, 8192, 16384].map((kb) => kb * 1024);

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall time of one `airlock batch` process, in ms. */
function timeRun(log: string, threads: number, out: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, 'batch', log, '--contract', `${CONTRACT_MODULE}#benchContract`, '-o', out, '--force', '--quiet', '--threads', String(threads)], { encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`airlock batch failed (${run.status}): ${run.stderr}`);
  return ms;
}

const rounds = flag('--rounds', 3);
const threads = flag('--threads', availableParallelism());
const dir = mkdtempSync(join(tmpdir(), 'airlock-crossover-'));
let crossover: number | undefined;
try {
  console.log(`size      inline ms  ${threads} threads ms  ratio`);
  for (const size of SIZES) {
    const log = await ensureLog(CORPUS, size, 1);
    const inline: number[] = [];
    const pooled: number[] = [];
    // Alternating the two keeps a noisy neighbour from favouring one side.
    for (let r = 0; r < rounds; r++) {
      inline.push(timeRun(log, 0, join(dir, 'inline.ndjson')));
      pooled.push(timeRun(log, threads, join(dir, 'pooled.ndjson')));
    }
    const a = median(inline);
    const b = median(pooled);
    if (crossover === undefined && b < a) crossover = size;
    console.log(`${String(size / 1024).padStart(5)} KB  ${a.toFixed(0).padStart(9)}  ${b.toFixed(0).padStart(13)}  ${(a / b).toFixed(2)}`);
  }
  console.log(crossover === undefined ? 'threads never won up to the largest size' : `crossover: ${crossover / 1024} KB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
