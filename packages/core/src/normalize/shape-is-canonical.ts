/**
 * Fast path for clean outputs: one read-only walk answers whether aliasing,
 * extras and coercion would all leave a value as it is, so a canonical value
 * skips their three copy-on-write walks. It asks each stage's own predicate
 * at each stage's own places, so its answer cannot drift from the stages.
 */
import type { NormalizationPlan } from '../contract/normalization-plan.js';
import { ALIAS_SCOPE, hasAliasedKey } from './alias-keys.js';
import { EXTRAS_SCOPE, extrasPolicyAt, hasUndeclaredKey } from './apply-extras-policy.js';
import { COERCE_SCOPE, coerceNode, synonymsAt } from './coerce-by-schema.js';
import { walkScope, walkValue, type WalkScope } from './walk-value.js';

const STAGE_SCOPES: readonly WalkScope[] = [ALIAS_SCOPE, EXTRAS_SCOPE, COERCE_SCOPE];

/** Every place one of the three stages visits or enters (a stage's predicate is a no-op elsewhere). */
const SHAPE_SCOPE = walkScope(
  (at, plan) => STAGE_SCOPES.some((scope) => scope.visits(at, plan)),
  (at, plan) => STAGE_SCOPES.some((scope) => scope.descend(at, plan)),
);

/**
 * True when `aliasKeys`, `applyExtrasPolicy` and `coerceBySchema` would each
 * return the value unchanged with no intervention (false may also mean "not sure").
 *
 * @example
 * shapeIsCanonical({ title: 'x', count: 3 }, plan) // true
 * shapeIsCanonical({ Title: 'x', count: '3' }, plan) // false
 */
export function shapeIsCanonical(value: unknown, plan: NormalizationPlan): boolean {
  let canonical = true;
  walkValue(value, plan, (node, at, keys) => {
    if (!canonical) return node;
    if (keys !== undefined) {
      canonical = !hasAliasedKey(keys, plan, at) && (extrasPolicyAt(at.model, plan) === undefined || !hasUndeclaredKey(keys, at.model));
    }
    if (canonical) canonical = coerceNode(node, at.model, synonymsAt(plan, at.pattern)) === null;
    return node;
  }, 'pre', SHAPE_SCOPE);
  return canonical;
}
