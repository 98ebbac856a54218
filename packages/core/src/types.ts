/**
 * Result types shared by every stage. Everything here is plain JSON data so a
 * result can cross worker threads and land in reports unchanged.
 */
import type { InterventionCode } from './intervention-codes.js';
import type { Category, Stage } from './intervention-kinds.js';

export type { InterventionCode } from './intervention-codes.js';
export type { Category, Stage } from './intervention-kinds.js';

/** [start, end) in UTF-16 code units of the ORIGINAL raw text. */
export type Span = readonly [start: number, end: number];

/** A path into a parsed value, e.g. `['issues', 0, 'severity']`. */
export type ValuePath = (string | number)[];

/**
 * One record per change the pipeline made. Never silent.
 *
 * @example
 * const i: Intervention = {
 *   rule: 'trailing_noise_trimmed', stage: 'parse', category: 'cleanup',
 *   message: 'Trimmed trailing terminal noise after the complete structured artifact.',
 *   span: [12, 19], before: '\u001b[0m\u001b[201~', after: '',
 * };
 */
export interface Intervention {
  rule: InterventionCode;
  stage: Stage;
  category: Category;
  /** Human sentence, e.g. `Removed wrapper key "output" from top level.` */
  message: string;
  /** Where in the raw text (scan/parse stages). */
  span?: Span;
  /** Where in the value (normalize/validate stages). */
  path?: ValuePath;
  /** The exact excerpt before the change. */
  before?: string;
  /** The exact excerpt after the change. */
  after?: string;
  /**
   * Other rules this one record covers: the repairs of one string are reported as one change
   * of the whole string, named after its main rule. A repair profile that denies any of them
   * (or its category) denies the record.
   */
  also?: InterventionCode[];
}

/**
 * Why a parse failed. The retry loop reads it: `schema` and `syntax` ask for a
 * structured repair retry; `empty_output` and `truncated` for a fresh session.
 */
export type FailureClass =
  | 'empty_output'
  | 'truncated'
  | 'prompt_echo'
  | 'no_candidate'
  | 'syntax'
  | 'schema'
  | 'repair_denied'
  | 'bad_record';

/** Where a candidate text came from, in the seed's order of trial. */
export type CandidateSource =
  | 'raw'
  | 'prefix_stripped'
  | 'fenced'
  | 'tagged'
  | 'tagged_unclosed'
  | 'known_key';

/** Payload format of a candidate: `text` when a scalar root read the text itself. */
export type CandidateFormat = 'json' | 'yaml' | 'text';

/** Describes the candidate that produced a result. */
export interface CandidateInfo {
  source: CandidateSource;
  /** Span of the candidate in the raw text. */
  span: Span;
  format: CandidateFormat;
  /** True when transcript prefixes were removed from the candidate's lines. */
  prefixStripped: boolean;
  /** Info string of the fence (`json`, `yaml`, …) when source is `fenced`. */
  fenceInfo?: string;
  /** Tag name when source is `tagged` / `tagged_unclosed`. */
  tag?: string;
}

/** One formatted validation issue, `path: message` style of the cadre seed. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** A successful parse: validated data plus everything that was changed to get it. */
export interface ParseSuccess<T> {
  success: true;
  data: T;
  /** The parsed value before normalization. */
  raw: unknown;
  candidate: CandidateInfo;
  interventions: Intervention[];
  /** True when any intervention happened or the candidate was not the raw text. */
  repairApplied: boolean;
  /** True when normalization changed the value. */
  normalized: boolean;
  /** True when the parser closed a truncated structure. */
  truncated: boolean;
  /**
   * How many other artifacts in the output also validated, with different values
   * (absent when none); `options.pick` chose among them.
   */
  otherValidCandidates?: number;
}

/** A failed parse, classified for the retry loop. */
export interface ParseFailure {
  success: false;
  failure: FailureClass;
  /** One sentence on why extraction/parsing failed. */
  extractionError?: string;
  validationErrors?: ValidationIssue[];
  raw?: unknown;
  candidate?: CandidateInfo;
  interventions: Intervention[];
  repairApplied: boolean;
}

/** Result of {@link safeParse}. */
export type ParseResult<T> = ParseSuccess<T> | ParseFailure;
