/**
 * The types every stage shares, at the bottom of core beside types.ts: what a parse stage
 * returns and receives, and the options of one safeParse call with their repair profile. The
 * scan, JSON, YAML and normalize folders import these from here, never from pipeline/.
 */
import type { Contract, YamlHints } from './contract/contract.js';
import type { Category, FailureClass, Intervention, InterventionCode, Span } from './types.js';
import type { WorkMeter } from './work-meter.js';
import type { PartialOptions } from './partial/partial-options.js';

/**
 * What a parse stage returns for one candidate. Spans in interventions are in
 * candidate coordinates; the pipeline rebases them to the raw text.
 */
export type ParseOutcome =
  /**
   * `root`: the slice of the candidate the value was read from, when it is one slice read as it
   * stands or repaired in place (see RepairJsonResult); the pipeline skips another candidate
   * whose text is that slice (see safe-parse.ts).
   */
  | { ok: true; value: unknown; interventions: Intervention[]; truncated: boolean; laterRoots?: LaterRoot[]; root?: Span }
  /**
   * `explain`: the error's full wording when it costs a parse of its own (`yaml`'s message after
   * a refusal the fast loader gave alone); asked only of the failure a result reports.
   */
  | { ok: false; failure: FailureClass; error: string; interventions: Intervention[]; explain?: () => string };

/** Another root value found in the same prose after the one taken, with the trims taking it would record. */
export interface LaterRoot {
  value: unknown;
  interventions: Intervention[];
  /** A root before the one taken that needed a repair: counted among the valid ones, never picked. */
  countOnly?: boolean;
  /** The root was cut off at the end of the text and its structures closed. */
  truncated?: boolean;
}

/** Options every parse stage receives. */
export interface ParseStageOptions {
  /** Top-level shape the contract expects, used to choose among several root values. */
  expect?: 'object' | 'array' | 'any';
  /** Maximum nesting depth (default 1,000). */
  maxDepth?: number;
  /** Accept several newline-separated root values as an array (NDJSON). */
  allowNdjson?: boolean;
  /**
   * `strict`: only the plain parse (the fast path); `repair`: slicing and repairs,
   * on a candidate whose plain parse already failed.
   */
  mode?: 'strict' | 'repair';
  /** The contract's root is a scalar: read JSON only (see parseCandidate). */
  scalarRoot?: boolean;
  /** Tags/keys of the contract, for YAML structural repairs. */
  contract?: Contract<unknown>;
  /** Runtime YAML hints (`options.context.yaml`), laid over the contract's. */
  yamlHints?: YamlHints;
  /** The call's work budget: each text handed to a parser is charged, and a spent meter fails the candidate. */
  work?: WorkMeter;
}

/** Options of {@link safeParse} and {@link parse}. */
export interface SafeParseOptions {
  /** Runtime context (ticket ids, reference artifacts, clocks) a repair may fill from. */
  context?: Readonly<Record<string, unknown>>;
  /** Which repairs are allowed. Default: all. */
  repair?: RepairProfile;
  /** Maximum nesting depth of parsed values (default 1,000). */
  maxDepth?: number;
  /** Accept newline-separated JSON values as one array. Default false. */
  allowNdjson?: boolean;
  /** Inputs longer than this (UTF-16 units) fail with `syntax` without being parsed. Default 16 MiB. */
  maxLength?: number;
  /**
   * Work budget, in units per character of the input (default 32; inputs under 8 KiB count
   * as 8 KiB): every character handed to a parser and every YAML repair pass over a candidate
   * costs one unit, a character `yaml` itself parses four. Past it the candidate at work fails
   * with `syntax` and a message naming the budget. Counted, never timed, so a replay gives the
   * same result on any machine.
   */
  budget?: number;
  /**
   * Which artifact wins when several validate with different values (two JSON objects in
   * prose, a draft and a final answer in two fences): `first` (default) in the candidates'
   * order, `last` in the text, `fenced` a fenced one before the raw text. Under `first`, of
   * several roots in one prose, the first with the fewest coercions, then synthesized values, wins
   * (`See [the docs](…)` coerced into an object loses to the list after it, even one cut off).
   * The result's `otherValidCandidates` counts the others.
   */
  pick?: ArtifactPick;
  /**
   * Read the text as a prefix of a streamed answer (docs/streaming.md): the result holds the
   * value its complete part supports, normalized by the contract, with `complete` and the state
   * of every path still arriving. An object sets what cut-off values are kept (`keep`).
   */
  partial?: boolean | PartialOptions;
}

/** See {@link SafeParseOptions.pick}. */
export type ArtifactPick = 'first' | 'last' | 'fenced';

/** Allow or deny repairs by category or rule. Deny wins over allow. */
export interface RepairProfile {
  /** When given, only these categories/rules may be applied. */
  allow?: ReadonlyArray<Category | InterventionCode>;
  /** These categories/rules may never be applied. */
  deny?: ReadonlyArray<Category | InterventionCode>;
}
