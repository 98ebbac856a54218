import type { RatioResult } from './results.js';

/**
 * Displays a ratio value in its unit; small speed ratios keep two significant
 * digits so 0.004× does not print as 0.00×.
 *
 * @example
 * formatRatioValue('x', 0.0043) // '0.0043×'
 */
export function formatRatioValue(unit: RatioResult['unit'], v: number | null): string {
  if (v === null) return 'n/a';
  switch (unit) {
    case 'x':
      return `${v >= 0.1 || v === 0 ? v.toFixed(2) : v.toPrecision(2)}×`;
    case '%':
      return `${v.toFixed(1)} %`;
    case 'MB':
      return `${v.toFixed(0)} MB`;
    case 'B':
      return `${v} B`;
    case 'ms':
      return `${v.toFixed(0)} ms`;
    default:
      return v.toFixed(2);
  }
}
