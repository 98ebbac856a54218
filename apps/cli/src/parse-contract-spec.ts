/**
 * `./contract.ts#review` → module and export name.
 */
import type { ContractRef } from '@airlock/worker';
import { UsageError } from './usage-error.js';

/**
 * Splits a `--contract` value at its last `#`.
 *
 * @example
 * parseContractSpec('./contracts/review.ts#review'); // { module: './contracts/review.ts', export: 'review' }
 */
export function parseContractSpec(spec: string | undefined): ContractRef {
  if (spec === undefined) throw new UsageError('--contract <module>#<export> is required');
  const hash = spec.lastIndexOf('#');
  if (hash <= 0 || hash === spec.length - 1) {
    throw new UsageError(`--contract must be <module>#<export> (e.g. ./contract.ts#review), got "${spec}"`);
  }
  return { module: spec.slice(0, hash), export: spec.slice(hash + 1) };
}
