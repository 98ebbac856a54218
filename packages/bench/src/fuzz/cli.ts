/**
 * `pnpm fuzz --n 1000000 [--seed S] [--threads T] [--hang-ms MS] [--out DIR]`:
 * runs the fuzz harness and prints one summary; exits 1 when any input threw,
 * hung, polluted a prototype, returned a malformed result or was slow.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { runFuzz } from './run-fuzz.js';

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

const n = Number(flag('n', '10000'));
const seed = Number(flag('seed', String(Date.now() % 1_000_000)));
const threads = Number(flag('threads', String(Math.max(1, Math.min(2, availableParallelism())))));
const hangMs = Number(flag('hang-ms', '10000'));
const outDir = resolve(flag('out', `fuzz-offenders/seed-${seed}`));
if (![n, seed, threads, hangMs].every((v) => Number.isInteger(v) && v >= 0)) {
  console.error('fuzz: --n, --seed, --threads and --hang-ms take non-negative integers.');
  process.exit(2);
}

console.error(`fuzz: ${n} inputs, seed ${seed}, ${threads} thread(s), hang after ${hangMs} ms, offenders to ${outDir}`);
const report = await runFuzz({
  n,
  seed,
  threads,
  hangMs,
  outDir,
  progressEvery: Math.max(1000, Math.floor(n / 100)),
  onProgress: (done, r) => console.error(`fuzz: ${done}/${n} ${JSON.stringify(r.counts)} slowest ${Math.round(r.slowestMs)} ms`),
});
const { counts } = report;
console.log(
  `fuzz: ${report.inputs} inputs (seed ${seed}) in ${(report.elapsedMs / 1000).toFixed(1)} s: ` +
    `${counts.throw} throws, ${counts.hang} hangs, ${counts.pollution} pollution, ${counts.malformed} malformed, ${counts.slow} slow (slowest ${report.slowestMs} ms)`,
);
for (const o of report.offences.slice(0, 20)) console.log(`  ${o.kind} #${o.index} ${o.family}/${o.contract} ${o.length} chars ${o.ms} ms: ${o.detail.split('\n')[0]}`);
process.exit(Object.values(counts).some((c) => c > 0) ? 1 : 0);
