/**
 * Integer flags (`--threads 2`), checked strictly: `2x` or `-1` is a usage error.
 */
import { UsageError } from './usage-error.js';

/**
 * Parses a non-negative integer flag value, or returns the default when absent.
 *
 * @example
 * parseCount('--threads', '2', 4, 0); // 2
 */
export function parseCount(flag: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${flag} must be an integer ≥ ${min}, got "${value}"`);
  }
  return Number(value);
}
