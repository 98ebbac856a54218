/**
 * Collects a suite's rows, ratios and notes. A subject marked optional (a
 * peer package or an unfinished Airlock piece) that throws becomes an error
 * row; anything else that throws crashes the suite, which fails the run.
 */
import { evaluateRatio } from '../report/evaluate-ratio.js';
import type { MeasurementRow, RatioResult, RatioSpec } from '../report/results.js';
import { measureTask, type Measurement } from '../measure/measure-task.js';
import type { SuiteContext } from './suite.js';

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
    this.ctx.log(`${this.suite}: ${subject} on ${caseName}`);
    try {
      const m = await measureTask(`${subject} / ${caseName}`, fn, bytes, this.ctx.budget(bytes));
      const row: MeasurementRow = {
        suite: this.suite,
        case: caseName,
        subject,
        bytes,
        opsPerSec: m.opsPerSec,
        mbPerSec: m.mbPerSec,
        medianMs: m.medianMs,
        samples: m.samples,
        status: 'ok',
      };
      if (options.note !== undefined) row.note = options.note;
      this.rows.push(row);
      return m;
    } catch (error) {
      if (!options.optional) throw error;
      this.rows.push(this.emptyRow(caseName, subject, bytes, 'error', `threw: ${(error as Error).message.split('\n')[0]}`));
      return null;
    }
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
    this.ratio(spec, subject !== null && baseline !== null ? subject.opsPerSec / baseline.opsPerSec : null, note);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  private emptyRow(caseName: string, subject: string, bytes: number, status: MeasurementRow['status'], note: string): MeasurementRow {
    return { suite: this.suite, case: caseName, subject, bytes, opsPerSec: null, mbPerSec: null, medianMs: null, samples: 0, status, note };
  }
}
