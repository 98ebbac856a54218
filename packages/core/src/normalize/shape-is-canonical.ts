/**
 * Fast path for clean outputs: one read-only check answers whether aliasing, extras and
 * coercion would all leave a value as it is, so a canonical value skips their three
 * copy-on-write walks. The check is generated per plan (shape-check-code.ts) and hands
 * the walk (canonical-walk.ts) whatever it does not cover; the walk answers alone where
 * code cannot be generated, or must not be: under Zod's `jitless` setting (`z.config({
 * jitless: true })`, for a strict content security policy, which reports even a caught
 * `new Function`), read when a contract's check is first made.
 */
import { config } from 'zod';
import type { NormalizationPlan } from '../contract/normalization-plan.js';
import { canonicalAt, Place, rootPlace } from './canonical-walk.js';
import { compileShapeCheck, type CodeFactory, type ShapeCheck } from './shape-check-code.js';

const checks = new WeakMap<NormalizationPlan, ShapeCheck>();

/**
 * The plan's check: the generated one where it can and may be made, else the walk.
 * `factory` stands in for `Function` (tests use it to forbid code generation).
 */
export function shapeCheckFor(plan: NormalizationPlan, factory: CodeFactory | undefined = config().jitless === true ? undefined : (Function as unknown as CodeFactory)): ShapeCheck {
  const root = rootPlace(plan);
  return (factory !== undefined && (root.visits || root.descends) ? compileShapeCheck(root, factory) : undefined) ?? walkFrom(root);
}

/** The check by the walk alone. */
function walkFrom(root: Place): ShapeCheck {
  return (value) => !Place.matters(root, value) || canonicalAt(value, root, 0);
}

/**
 * True when `aliasKeys`, `applyExtrasPolicy` and `coerceBySchema` would each
 * return the value unchanged with no intervention (false may also mean "not sure").
 *
 * @example
 * shapeIsCanonical({ title: 'x', count: 3 }, plan) // true
 * shapeIsCanonical({ Title: 'x', count: '3' }, plan) // false
 */
export function shapeIsCanonical(value: unknown, plan: NormalizationPlan): boolean {
  let check = checks.get(plan);
  if (check === undefined) checks.set(plan, (check = shapeCheckFor(plan)));
  return check(value);
}
