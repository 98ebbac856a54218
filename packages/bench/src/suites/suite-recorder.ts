/**
 * Collects a suite's rows, ratios and notes. A subject marked optional (a
 * peer package or an unfinished Airlock piece) that throws becomes an error
 * row; anything else that throws crashes the suite, which fails the run.
 */
import { evaluateRatio } from '../report/evaluate-ratio.js';
import type { MeasurementRow, RatioResult, RatioSpec } from '../report/results.js';
import { median } from '../measure/median.js';
import { measureTask, type Measurement } from '../measure/measure-task.js';
import type { SuiteContext } from './suite-context.js';

/** One task of {@link SuiteRecorder.measureGroup}. */
export interface GroupTask {
  subject: string;
  fn: () => unknown;
  /** A peer or an unfinished piece: a throw becomes an error row instead of crashing the suite. */
  optional?: boolean;
  note?: string;
  /** The task's own case and input size, when a group times one subject on inputs of several sizes. */
  case?: string;
  bytes?: number;
}

/** Median over rounds of the per-round medians, keeping each round's for paired ratios. */
function combine(runs: readonly Measurement[], group: number): Measurement {
  const sorted = [...runs].sort((a, b) => a.medianMs - b.medianMs);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, samples: runs.reduce((n, r) => n + r.samples, 0), rounds: { group, ms: runs.map((r) => r.medianMs) } };
}

/**
 * `subject time / baseline time`: paired round by round when both were measured in the same
 * group (the median of the rounds' ratios, so a machine that slows down for a second slows
 * both sides of a round alike), else the ratio of the two medians.
 *
 * @example
 * pairedTimeRatio(chunked, whole) // 2.4: the chunked feed takes 2.4× one whole parse
 */
export function pairedTimeRatio(subject: Measurement, baseline: Measurement): number {
  const a = subject.rounds;
  const b = baseline.rounds;
  if (a === undefined || b === undefined || a.group !== b.group || a.ms.length !== b.ms.length || a.ms.length < 2) return subject.medianMs / baseline.medianMs;
  return median(a.ms.map((ms, k) => ms / b.ms[k]!));
}

/** Rounds of a group in full mode; each task's budget is shared among them. */
const GROUP_ROUNDS = 7;

/** Groups measured so far in this process: a measurement's rounds pair only with its own group's. */
let groupsMeasured = 0;

export class SuiteRecorder {
  readonly rows: MeasurementRow[] = [];
  readonly ratios: RatioResult[] = [];
  readonly notes: string[] = [];

  constructor(
    readonly suite: string,
    private readonly ctx: SuiteContext,
  ) {}

  /**
   * Measures `fn` (processing `bytes` per call) and records the row.
   *
   * @example
   * const base = await rec.measure('clean JSON set', 'JSON.parse', () => texts.forEach((t) => JSON.parse(t)), bytes);
   */
  async measure(caseName: string, subject: string, fn: () => unknown, bytes: number, options: { optional?: boolean; note?: string } = {}): Promise<Measurement | null> {
    const [m] = await this.measureGroup(caseName, [{ subject, fn, ...options }], bytes);
    return m ?? null;
  }

  /**
   * Measures tasks on the same input (or each on its own, see GroupTask) in alternating rounds
   * (A B C, A B C, …, seven in full mode) and keeps each task's median over the rounds and each round's own, so a
   * ratio between two of them pairs the rounds (see pairedTimeRatio): a load spike on a
   * shared machine hits both sides of a round instead of one. Quick mode runs one round.
   *
   * @example
   * const [parse, airlock] = await rec.measureGroup('clean set', [{ subject: 'JSON.parse', fn: a }, { subject: 'safeParse', fn: b }], bytes);
   */
  async measureGroup(caseName: string, tasks: readonly GroupTask[], bytes: number): Promise<(Measurement | null)[]> {
    // Many short rounds: a ratio pairs its sides round by round (see pairedTimeRatio).
    const rounds = this.ctx.mode === 'quick' ? 1 : GROUP_ROUNDS;
    const perRound = tasks.map((task) => {
      const budget = this.ctx.budget(task.bytes ?? bytes);
      return { ...budget, time: budget.time / rounds, iterations: Math.max(1, Math.ceil(budget.iterations / rounds)) };
    });
    const group = ++groupsMeasured;
    const runs: Measurement[][] = tasks.map(() => []);
    const errors: (string | null)[] = tasks.map(() => null);
    for (let round = 0; round < rounds; round++) {
      for (const [i, task] of tasks.entries()) {
        if (errors[i] !== null) continue;
        const taskCase = task.case ?? caseName;
        if (round === 0) this.ctx.log(`${this.suite}: ${task.subject} on ${taskCase}`);
        try {
          const budget = perRound[i]!;
          runs[i]!.push(await measureTask(`${task.subject} / ${taskCase}`, task.fn, task.bytes ?? bytes, round === 0 ? budget : { ...budget, warmupIterations: 0, warmupTime: 0 }));
        } catch (error) {
          if (!task.optional) throw error;
          errors[i] = `threw: ${(error as Error).message.split('\n')[0]}`;
        }
      }
    }
    return tasks.map((task, i) => {
      const taskCase = task.case ?? caseName;
      const taskBytes = task.bytes ?? bytes;
      if (errors[i] !== null) {
        this.rows.push(this.emptyRow(taskCase, task.subject, taskBytes, 'error', errors[i]!));
        return null;
      }
      const m = combine(runs[i]!, group);
      const row: MeasurementRow = { suite: this.suite, case: taskCase, subject: task.subject, bytes: taskBytes, opsPerSec: m.opsPerSec, mbPerSec: m.mbPerSec, medianMs: m.medianMs, samples: m.samples, status: 'ok' };
      if (task.note !== undefined) row.note = task.note;
      this.rows.push(row);
      return m;
    });
  }

  /** Records a timing taken outside tinybench (macro runs): `ms` for one pass over `bytes`. */
  timed(caseName: string, subject: string, ms: number, bytes: number, note?: string): Measurement {
    const opsPerSec = 1000 / ms;
    const row: MeasurementRow = {
      suite: this.suite,
      case: caseName,
      subject,
      bytes,
      opsPerSec,
      mbPerSec: (bytes * opsPerSec) / (1024 * 1024),
      medianMs: ms,
      samples: 1,
      status: 'ok',
    };
    if (note !== undefined) row.note = note;
    this.rows.push(row);
    return { name: subject, bytes, opsPerSec, mbPerSec: row.mbPerSec!, medianMs: ms, meanMs: ms, samples: 1 };
  }

  /** Records a subject that cannot run yet. */
  unavailable(caseName: string, subject: string, reason: string): void {
    this.rows.push(this.emptyRow(caseName, subject, 0, 'unavailable', reason));
  }

  /** Records a ratio (null when a side is missing). */
  ratio(spec: RatioSpec, value: number | null, note?: string): void {
    this.ratios.push(evaluateRatio(spec, value, note));
  }

  /** Records `subject / baseline` in operations per second (higher = subject faster). */
  speedRatio(spec: RatioSpec, subject: Measurement | null, baseline: Measurement | null, note?: string): void {
    this.ratio(spec, subject !== null && baseline !== null ? 1 / pairedTimeRatio(subject, baseline) : null, note);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  private emptyRow(caseName: string, subject: string, bytes: number, status: MeasurementRow['status'], note: string): MeasurementRow {
    return { suite: this.suite, case: caseName, subject, bytes, opsPerSec: null, mbPerSec: null, medianMs: null, samples: 0, status, note };
  }
}
