/** One (size, time) observation. */
export interface GrowthPoint {
  size: number;
  time: number;
}

/**
 * Least-squares slope of log(time) against log(size): the exponent k in
 * time ∝ size^k. 1.0 is linear, 2.0 quadratic. Null with fewer than two
 * distinct sizes or a non-positive value.
 *
 * @example
 * fitGrowthExponent([{ size: 1, time: 2 }, { size: 2, time: 8 }, { size: 4, time: 32 }]) // 2
 */
export function fitGrowthExponent(points: readonly GrowthPoint[]): number | null {
  if (points.some((p) => !(p.size > 0) || !(p.time > 0))) return null;
  const xs = points.map((p) => Math.log(p.size));
  const ys = points.map((p) => Math.log(p.time));
  const n = points.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (ys[i]! - my);
  }
  return sxx === 0 ? null : sxy / sxx;
}
