import type { FailureClass, Intervention } from '../types.js';

/**
 * What a parse stage returns for one candidate. Spans in interventions are in
 * candidate coordinates; the pipeline rebases them to the raw text.
 */
export type ParseOutcome =
  | { ok: true; value: unknown; interventions: Intervention[]; truncated: boolean; laterRoots?: LaterRoot[] }
  | { ok: false; failure: FailureClass; error: string; interventions: Intervention[] };

/** Another root value found in the same prose after the one taken, with the trims taking it would record. */
export interface LaterRoot {
  value: unknown;
  interventions: Intervention[];
  /** A root before the one taken that needed a repair: counted among the valid ones, never picked. */
  countOnly?: boolean;
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
  contract?: import('../contract/contract.js').Contract<unknown>;
}
