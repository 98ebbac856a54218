/**
 * The nesting bound every parse path applies to the values it returns. A value
 * deeper than `maxDepth` is refused where it is parsed, so no later stage (the
 * normalizer, a validator, `JSON.stringify` in a batch worker) ever recurses
 * into a 100,000-deep structure, and the outcome does not depend on the stack
 * size of the thread that parsed it.
 */

/** Default `maxDepth` of `safeParse` and of every parse stage. */
export const DEFAULT_MAX_DEPTH = 1000;

/** Up to this bound the walk recurses (for-in over a few thousand tiny frames is safe and fastest). */
const RECURSIVE_WALK_LIMIT = 2000;

function deeperThan(node: object, left: number): boolean {
  if (left === 0) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && deeperThan(child, left - 1)) return true;
    }
    return false;
  }
  for (const key in node) {
    const child: unknown = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && deeperThan(child, left - 1)) return true;
  }
  return false;
}

/** The same walk with explicit stacks, for bounds too large to recurse to. */
function deeperThanIterative(value: object, maxDepth: number): boolean {
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return true;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * True when `value` nests objects or arrays deeper than `maxDepth` (a scalar is
 * depth 0, `[]` and `{}` depth 1). Never recurses past its bound, so it cannot
 * overflow the stack itself; on a clean record it costs a few percent of the parse.
 *
 * @example
 * exceedsDepth([[1]], 2) // false
 * exceedsDepth([[[1]]], 2) // true
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return maxDepth <= RECURSIVE_WALK_LIMIT ? deeperThan(value, maxDepth) : deeperThanIterative(value, maxDepth);
}

/**
 * True when a text is too short to hold a value deeper than `maxDepth`: every level
 * takes an opening and a closing character, so the clean fast path skips the walk.
 *
 * @example
 * tooShortToNest('[[1]]', 1000) // true
 */
export function tooShortToNest(text: string, maxDepth: number): boolean {
  return text.length <= 2 * maxDepth;
}

/**
 * True when a text `JSON.parse` accepted as it stands cannot hold a value deeper than
 * `maxDepth`, told from its length and its `[` count. Along the deepest path every array level
 * takes its two brackets and every object level five characters or more (`{"":` and `}`; the
 * innermost only its two braces), so depth ≤ (length + 3 × arrays + 3) / 5, and a depth past
 * `maxDepth` needs length + 3 × arrays ≥ 5 × maxDepth + 2. A clean record of a few KB with a
 * handful of lists thus skips the walk for a few `indexOf` calls. Only for a text read as it
 * stands: a repair or a JSON Lines list may add levels the text does not show.
 *
 * @example
 * jsonTextTooShallow('{"a":[1,2]}', 1000) // true
 */
export function jsonTextTooShallow(text: string, maxDepth: number): boolean {
  if (tooShortToNest(text, maxDepth)) return true;
  const room = 5 * maxDepth + 1 - text.length;
  if (room < 0) return false;
  let arrays = 0;
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) if (3 * ++arrays > room) return false;
  return true;
}

/** The failure message of a value nested too deeply. */
export function depthMessage(maxDepth: number): string {
  return `The value nests deeper than ${maxDepth} levels (maxDepth).`;
}
