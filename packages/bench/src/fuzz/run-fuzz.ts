/**
 * The fuzz run: inputs from `fuzz-inputs.ts` checked on worker threads, each
 * input under a watchdog that terminates a worker whose answer is late (a
 * hang) and starts a fresh one. Every offender is written to the output folder
 * as the exact input text, named by kind, seed and index, so it can be replayed
 * and turned into a fixture.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isSlow, type CheckOutcome, type FuzzContract, type ProblemKind } from './fuzz-check.js';
import { fuzzInput, type FuzzInput, type InputFamily } from './fuzz-inputs.js';

export interface FuzzOptions {
  /** Number of inputs. */
  n: number;
  seed: number;
  /** Worker threads (at least 1). */
  threads: number;
  /** An input whose answer takes longer than this is a hang (its worker is replaced). */
  hangMs: number;
  /** Folder for offending inputs; none are written when absent. */
  outDir?: string;
  /** Called about every `progressEvery` inputs. */
  onProgress?: (done: number, report: FuzzReport) => void;
  progressEvery?: number;
}

export type OffenceKind = ProblemKind | 'hang' | 'slow';

/** One offending input. */
export interface Offence {
  kind: OffenceKind;
  index: number;
  family: InputFamily;
  contract: FuzzContract;
  length: number;
  ms: number;
  detail: string;
}

export interface FuzzReport {
  seed: number;
  inputs: number;
  counts: Record<OffenceKind, number>;
  offences: Offence[];
  /** Results by verdict (success or failure class). */
  verdicts: Record<string, number>;
  byFamily: Record<InputFamily, number>;
  slowestMs: number;
  elapsedMs: number;
}

/** Even inputs go to `z.unknown()`, odd ones to the run-log contract. */
function contractOf(index: number): FuzzContract {
  return index % 2 === 0 ? 'unknown' : 'bench';
}

const WORKER_URL = new URL(`./fuzz-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
/** Offences kept in the report (all are counted, and all are written to the folder). */
const MAX_LISTED = 200;

function spawn(): Worker {
  if (WORKER_URL.pathname.endsWith('.js')) return new Worker(WORKER_URL);
  // From the TypeScript sources, the worker registers tsx before importing its module
  // (a .ts entry cannot be loaded before the loader is in place), with the same export conditions.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}

/**
 * Runs a fuzz campaign.
 *
 * @example
 * const report = await runFuzz({ n: 400, seed: 1, threads: 2, hangMs: 20_000 });
 * report.counts.throw // 0
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = {
    seed: options.seed,
    inputs: 0,
    counts: { throw: 0, pollution: 0, malformed: 0, hang: 0, slow: 0 },
    offences: [],
    verdicts: {},
    byFamily: { random: 0, structured: 0, mutated: 0 },
    slowestMs: 0,
    elapsedMs: 0,
  };
  const started = performance.now();
  if (options.outDir !== undefined) mkdirSync(options.outDir, { recursive: true });
  const offend = (input: FuzzInput, kind: OffenceKind, ms: number, detail: string): void => {
    report.counts[kind]++;
    const offence: Offence = { kind, index: input.index, family: input.family, contract: contractOf(input.index), length: input.text.length, ms: Math.round(ms), detail };
    if (report.offences.length < MAX_LISTED) report.offences.push(offence);
    if (options.outDir !== undefined) {
      mkdirSync(join(options.outDir, kind), { recursive: true });
      writeFileSync(join(options.outDir, kind, `${options.seed}-${input.index}.txt`), input.text);
      writeFileSync(join(options.outDir, kind, `${options.seed}-${input.index}.json`), `${JSON.stringify(offence, null, 2)}\n`);
    }
  };
  const record = (input: FuzzInput, outcome: CheckOutcome): void => {
    report.inputs++;
    report.byFamily[input.family]++;
    report.verdicts[outcome.verdict] = (report.verdicts[outcome.verdict] ?? 0) + 1;
    report.slowestMs = Math.max(report.slowestMs, outcome.ms);
    for (const p of outcome.problems) offend(input, p.kind, outcome.ms, p.detail);
    if (isSlow(outcome.ms, input.text.length)) offend(input, 'slow', outcome.ms, `${Math.round(outcome.ms)} ms for ${input.text.length} characters`);
    if (options.onProgress !== undefined && report.inputs % (options.progressEvery ?? 1000) === 0) options.onProgress(report.inputs, report);
  };

  let next = 0;
  const lane = async (): Promise<void> => {
    let worker = spawn();
    try {
      while (next < options.n) {
        const input = fuzzInput(options.seed, next++);
        const sent = performance.now();
        const outcome = await new Promise<CheckOutcome | 'hang' | { died: string }>((resolve) => {
          const timer = setTimeout(() => {
            cleanup();
            resolve('hang');
          }, options.hangMs);
          const onMessage = (message: CheckOutcome & { index: number }): void => {
            cleanup();
            resolve(message);
          };
          // A worker that dies on an input (out of memory, a fatal error) is that input's offence,
          // not the end of the run.
          const onError = (error: Error): void => {
            cleanup();
            resolve({ died: error.message });
          };
          const onExit = (code: number): void => {
            cleanup();
            resolve({ died: `the worker exited with code ${code}` });
          };
          const cleanup = (): void => {
            clearTimeout(timer);
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onExit);
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.on('exit', onExit);
          worker.postMessage({ index: input.index, text: input.text, contract: contractOf(input.index) });
        });
        if (outcome === 'hang' || 'died' in outcome) {
          report.inputs++;
          report.byFamily[input.family]++;
          if (outcome === 'hang') offend(input, 'hang', options.hangMs, `no answer within ${options.hangMs} ms`);
          else offend(input, 'throw', performance.now() - sent, `worker died: ${outcome.died}`);
          await worker.terminate();
          worker = spawn();
          continue;
        }
        record(input, outcome);
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.threads) }, lane));
  report.elapsedMs = Math.round(performance.now() - started);
  report.slowestMs = Math.round(report.slowestMs);
  if (options.outDir !== undefined) writeFileSync(join(options.outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}
