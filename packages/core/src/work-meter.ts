/**
 * The deterministic work budget of one `safeParse` call. Model text is hostile
 * input and one slow record holds a batch worker for everyone, so the work a
 * call may do is bounded by a multiple of the input's length — counted, never
 * timed, so a replay of a batch gives byte-identical results on any machine.
 *
 * What counts, one unit per UTF-16 code unit: every text handed to a parser
 * (`JSON.parse`, the JSON repairer, the YAML fast loader), and every pass of a
 * YAML repair group over a candidate; a text `yaml` itself parses costs
 * YAML_PARSE_WEIGHT units per code unit, because on broken text it is the
 * slowest step there is. Scanning, normalization and validation are linear in
 * the value and are not counted.
 */

/** Default budget: work units per UTF-16 code unit of the input. */
export const DEFAULT_WORK_BUDGET = 32;

/**
 * Units per code unit of a text `yaml` parses (the fast loader's one unit included): on
 * broken YAML it runs at about a tenth of the fast loader's speed, so counting it at one unit
 * let a fuzzed 50 KB input spend half a second in fifteen `yaml` parses within the budget.
 * Every generated bench record that parses needs under 29 units per character at this weight.
 */
export const YAML_PARSE_WEIGHT = 4;
/** Inputs shorter than this get the budget of an input this long: small texts may try every repair. */
export const MIN_BUDGETED_LENGTH = 8192;

/**
 * Counts the work of one call and says when it is spent.
 *
 * @example
 * const meter = new WorkMeter(10, 32); // 32 × max(10, 8192) units
 * meter.charge(5000) // true: still within the budget
 */
export class WorkMeter {
  /** Units charged so far. */
  used = 0;
  /** Units this call may use. */
  readonly limit: number;
  /**
   * The last candidate text `yaml` refused in this call, with the refusal: a candidate that
   * the repairs leave unchanged is read as-is twice (pass 1, then the repair pass's verdict),
   * and `yaml` on broken input is the slowest step there is. Kept per call, so a repeated
   * input is never answered from an earlier call.
   */
  yamlRefusal: { text: string; refusal: unknown } | null = null;

  /**
   * @param inputLength length of the raw text in UTF-16 code units
   * @param budget work units per code unit (see {@link DEFAULT_WORK_BUDGET})
   */
  constructor(
    inputLength: number,
    readonly budget: number = DEFAULT_WORK_BUDGET,
  ) {
    this.limit = Math.floor(Math.max(0, budget) * Math.max(inputLength, MIN_BUDGETED_LENGTH));
  }

  /** Charges `units`; false once the total is past the limit (the work must then stop). */
  charge(units: number): boolean {
    this.used += units;
    return this.used <= this.limit;
  }

  /** True once a charge went past the limit. */
  get spent(): boolean {
    return this.used > this.limit;
  }

  /** The failure message of a candidate stopped by the budget. */
  message(): string {
    return `Parsing stopped: the work budget of ${this.limit} units (${this.budget} per character of the input) is spent; raise options.budget to allow more.`;
  }
}
