/**
 * One stack for the items of every sequence the fast loader is reading, innermost last. A
 * sequence keeps its items from its base (`pendingBase()` when it opened) to the top and takes
 * them out as one array of exactly their number when it closes. An array grown by `push` from
 * empty holds room for 17 items, and most sequences hold a few: a large document kept about
 * twice the memory its value needs, all of it surviving collections while the load ran.
 */
const pendingItems: unknown[] = [];
let pendingTop = 0;

/**
 * Where the items of a sequence opening now start.
 *
 * @example
 * const base = pendingBase(); pushPendingItem(1); takePendingItems(base) // [1]
 */
export function pendingBase(): number {
  return pendingTop;
}

/** Stacks one item of the innermost open sequence (read it first: a nested sequence stacks its own). */
export function pushPendingItem(item: unknown): void {
  pendingItems[pendingTop++] = item;
}

/** The items stacked since `base`, as a new array, and the stack back to `base`. */
export function takePendingItems(base: number): unknown[] {
  const items = pendingItems.slice(base, pendingTop);
  pendingTop = base;
  return items;
}

/**
 * Empties the stack after a load, finished or not: a bail leaves items of the abandoned
 * sequences there, and none of them may outlive the load that read them.
 */
export function releasePendingItems(): void {
  pendingTop = 0;
  pendingItems.length = 0;
}

/**
 * How many slots the stack holds: 0 between loads, whatever the last load did.
 *
 * @example
 * loadYamlFast('- - a\n  - &x b'); pendingItemsHeld() // 0
 */
export function pendingItemsHeld(): number {
  return pendingItems.length;
}
