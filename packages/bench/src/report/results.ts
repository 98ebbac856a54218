/**
 * The shape of `results/*.json`. `ratios` is what `compare` reads and what
 * the markdown table shows; `rows` are the raw measurements behind them.
 */

export type Better = 'higher' | 'lower';

/** A goal to report against (never a test assertion). */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

/** How a ratio is named, read and judged. */
export interface RatioSpec {
  /** Stable id, the key `compare` matches on (e.g. `json.defective.vs_jsonrepair`). */
  id: string;
  label: string;
  /** `x` for speed ratios, `%` for shares, `MB` for memory, `` for exponents. */
  unit: 'x' | '%' | 'MB' | 'B' | 'ms' | '';
  better: Better;
  target?: Target;
}

export interface RatioResult extends RatioSpec {
  /** null when a side is not available yet or crashed. */
  value: number | null;
  /** true/false against the target; null without a target or a value. */
  pass: boolean | null;
  note?: string;
}

export type RowStatus = 'ok' | 'unavailable' | 'error';

/** One measured (or skipped) task. */
export interface MeasurementRow {
  suite: string;
  /** The input: `clean JSON set`, `64KB`, … */
  case: string;
  /** What ran: `JSON.parse`, `safeParse`, `WASM scan`, … */
  subject: string;
  /** UTF-8 bytes processed per operation. */
  bytes: number;
  opsPerSec: number | null;
  mbPerSec: number | null;
  /** Median time per operation. */
  medianMs: number | null;
  samples: number;
  status: RowStatus;
  note?: string;
}

export interface SuiteReport {
  name: string;
  description: string;
  status: 'ok' | 'crashed';
  durationMs: number;
  rows: MeasurementRow[];
  ratios: RatioResult[];
  notes: string[];
  error?: string;
}

export interface BenchResults {
  schema: 1;
  createdAt: string;
  mode: 'full' | 'quick';
  environment: { wasmScanner: string; /** Which @airlock/core the in-process suites timed (absent in results before 2026-11-29). */ core?: string; node: string; platform: string; arch: string; cpus: number; cpuModel: string };
  durationMs: number;
  suites: SuiteReport[];
  /** Every suite's ratios, flattened in suite order. */
  ratios: RatioResult[];
}
