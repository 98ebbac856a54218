/**
 * Where worker threads start paying off for `airlock batch`: the built CLI as fresh processes
 * (start-up, contract load and pool start included, see whole-process.ts), inline
 * (`--threads 0`) against `--threads <n>`, interleaved, on generated logs of growing size. The
 * macro suite records it (measure-crossover.ts); thread-crossover.ts prints it for any sizes.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureLog } from '../generate/ensure-log.js';
import { bestOf, interleaved, timeProcess, warmUp, type ProcessRun, type ProcessSubject } from './whole-process.js';

export interface CrossoverOptions {
  /** Where generated logs are cached. */
  corpusDir: string;
  /** Where the runs write their outputs. */
  scratchDir: string;
  seed: number;
  /** Log sizes in bytes, each generated (or reused) with `ensureLog`. */
  sizes: readonly number[];
  rounds: number;
  /** Threads of the pooled side. */
  threads: number;
  /** Progress, before each size. */
  onSize?: (size: number) => void;
}

/** One size of the sweep: every run of each side, and the best of each. */
export interface CrossoverPoint {
  size: number;
  /** Bytes of the log file (at least `size`: logs end on a whole record). */
  bytes: number;
  inline: ProcessRun[];
  pooled: ProcessRun[];
  /** Best inline time / best pooled time: above 1 the threads win. */
  ratio: number;
}

/**
 * Runs the sweep, size by size.
 *
 * @example
 * const points = await sweepCrossover({ corpusDir: 'corpus', scratchDir: dir, seed: 1, sizes: [65536], rounds: 3, threads: 2 });
 * points[0].ratio // 0.97: inline still wins at 64 KB
 */
export async function sweepCrossover(options: CrossoverOptions): Promise<CrossoverPoint[]> {
  const points: CrossoverPoint[] = [];
  const sides: Record<'inline' | 'pooled', ProcessSubject> = { inline: { kind: 'cli', threads: 0, flag: true }, pooled: { kind: 'cli', threads: options.threads, flag: true } };
  for (const [k, size] of options.sizes.entries()) {
    options.onSize?.(size);
    const log = await ensureLog(options.corpusDir, size, options.seed);
    if (k === 0) await warmUp(Object.values(sides), log, join(options.scratchDir, 'crossover-warm-up'));
    const runs = await interleaved(['inline', 'pooled'] as const, options.rounds, (side) => timeProcess(sides[side], log, join(options.scratchDir, `crossover-${side}`)));
    const inline = runs.get('inline')!;
    const pooled = runs.get('pooled')!;
    points.push({ size, bytes: statSync(log).size, inline, pooled, ratio: bestOf(inline).ms / bestOf(pooled).ms });
  }
  return points;
}
