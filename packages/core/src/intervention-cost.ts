/**
 * The declared, ordered cost of interventions, used to choose between
 * readings (union branches): none < cleanup < coercion < synthesized. A
 * reading is cheaper when it has fewer interventions of the highest category;
 * ties go to the next category down.
 */
import type { Category, Intervention } from './types.js';

/** Rank of each category: 1 cleanup-like, 2 coercion-like, 3 synthesized. */
export const CATEGORY_RANK: Readonly<Record<Category, 1 | 2 | 3>> = {
  cleanup: 1,
  parser_fix: 1,
  attribution: 1,
  retry: 1,
  coercion: 2,
  dropped: 2,
  synthesized: 3,
};

/** Counts per rank, highest first: `[synthesized, coercion, cleanup]`. */
export type Cost = readonly [number, number, number];

/**
 * The cost of a list of interventions.
 *
 * @example
 * interventionCost([]) // [0, 0, 0]
 */
export function interventionCost(list: readonly Intervention[]): Cost {
  const counts: [number, number, number] = [0, 0, 0];
  for (const i of list) counts[3 - CATEGORY_RANK[i.category]]! += 1;
  return counts;
}

/** Negative when `a` is cheaper than `b`, 0 when equal. */
export function compareCost(a: Cost, b: Cost): number {
  for (let k = 0; k < 3; k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return 0;
}
