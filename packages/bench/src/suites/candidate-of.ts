import type { Candidate } from '@airlock/core/internal';

/**
 * A raw candidate spanning the whole text, to call a parse stage directly.
 *
 * @example
 * parseJsonCandidate(candidateOf('{"a":1}'), {})
 */
export function candidateOf(text: string): Candidate {
  return { source: 'raw', text, span: [0, text.length], prefixStripped: false, noiseStart: -1 };
}

/** Canonical JSON text of a value, to compare a repair with its source. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Share (0–100) of `items` for which `accept` holds. */
export function sharePercent<T>(items: readonly T[], accept: (item: T, index: number) => boolean): number {
  if (items.length === 0) return 0;
  let hits = 0;
  items.forEach((item, index) => {
    if (accept(item, index)) hits++;
  });
  return (hits / items.length) * 100;
}
