/**
 * Duplicate mapping keys in linear time. `yaml`'s own `uniqueKeys` check scans
 * every earlier pair of a mapping for each new key: quadratic, so one large
 * mapping that the fast loader declines (a single `@` value in a megabyte of
 * `key: value` lines) took half a minute. `loadYaml` turns that check off and
 * asks this walk instead, with the same rule: two keys collide when both are
 * scalars with the same value (`===`, so `1` and `"1"` do not).
 */
import { isCollection, isMap, isPair, isScalar, type Node } from 'yaml';

/**
 * Offset of the first key that repeats an earlier key of its mapping, or -1.
 * Iterative; `loadYaml` only hands it documents within the safe depth.
 *
 * @example
 * findDuplicateKey(parseDocument('a: 1\nb: {c: 1, c: 2}', { uniqueKeys: false }).contents) // 16
 */
export function findDuplicateKey(root: unknown): number {
  let first = -1;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isCollection(node)) continue;
    const seen = isMap(node) ? new Set<unknown>() : null;
    for (const item of node.items as unknown[]) {
      if (!isPair(item)) {
        stack.push(item);
        continue;
      }
      const key = item.key as Node | null;
      // NaN is never `===` itself: yaml never reports it, and a Set would.
      if (seen !== null && isScalar(key) && !Number.isNaN(key.value as number)) {
        if (seen.has(key.value)) {
          const at = key.range?.[0] ?? -1;
          if (at >= 0 && (first < 0 || at < first)) first = at;
        } else seen.add(key.value);
      }
      stack.push(item.key, item.value);
    }
  }
  return first;
}
