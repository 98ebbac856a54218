/**
 * The median of a non-empty list (the mean of the two middle values for an even count).
 *
 * @example
 * median([3, 1, 2]) // 2
 * median([4, 1, 2, 3]) // 2.5
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
