/**
 * Process-wide counters of the fast loader, so tests and the bench can prove
 * the fast path really ran instead of silently falling back to `yaml`.
 */
export interface FastYamlStats {
  accepted: number;
  bailed: number;
  /** bail count per reason code */
  reasons: Record<string, number>;
}

let accepted = 0;
let bailed = 0;
let reasons = new Map<string, number>();

/** @internal called by `loadYamlFast` */
export function recordFastYamlOutcome(reason: string | undefined): void {
  if (reason === undefined) {
    accepted += 1;
    return;
  }
  bailed += 1;
  reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
}

/**
 * A snapshot of the counters since the last reset.
 *
 * @example
 * resetFastYamlStats(); loadYamlFast('a: 1'); fastYamlStats() // { accepted: 1, bailed: 0, reasons: {} }
 */
export function fastYamlStats(): FastYamlStats {
  return { accepted, bailed, reasons: Object.fromEntries(reasons) };
}

/**
 * Zeroes the counters.
 *
 * @example
 * resetFastYamlStats();
 */
export function resetFastYamlStats(): void {
  accepted = 0;
  bailed = 0;
  reasons = new Map();
}
