/**
 * What partial parsing returns: safeParse's result with `complete` (the whole answer is there)
 * and the state of every path that is not complete yet. Plain data like every result, so it
 * can cross threads and land in reports.
 */
import { getOwn, isPlainObject } from '../normalize/value-tree.js';
import type { ParseFailure, ParseSuccess, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';

/** A path's state in a partial value. */
export type PathState = 'complete' | 'incomplete' | 'missing';

/** A value still arriving: every field may be absent yet, at every depth. */
export type DeepPartial<T> = T extends readonly (infer E)[] ? DeepPartial<E>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * The paths of a partial value that are not complete, by `formatPath` spelling (`issues[2].title`,
 * `(root)`): each open object or array and a cut-off string or number `incomplete`, each field
 * an open object declares but lacks `missing`. Every other path present in `data` is complete.
 */
export type OpenPathStates = Record<string, Exclude<PathState, 'complete'>>;

/** A partial value the contract accepts: complete (validated against the whole contract) or still arriving. */
export type PartialParseSuccess<T> =
  | (ParseSuccess<T> & { complete: true; states: OpenPathStates })
  | (ParseSuccess<DeepPartial<T>> & { complete: false; states: OpenPathStates });

/**
 * No partial value: nothing has started yet or the root is withheld (`truncated`), the text is
 * not JSON past some point (`syntax`), what is there fails the contract (`schema`).
 */
export type PartialParseFailure = ParseFailure & { complete: boolean };

/** Result of `safeParse(text, contract, { partial: true })` and of each push of a partial parser. */
export type PartialParseResult<T> = PartialParseSuccess<T> | PartialParseFailure;

/**
 * The state of one path of a partial result: `incomplete` or `missing` as listed in `states`,
 * `complete` for any other path present in the value, undefined for a path absent (or a failed
 * result).
 *
 * @example
 * const result = safeParse('{"title": "Fix lo', contract, { partial: true });
 * pathState(result, ['title']) // 'incomplete'
 * pathState(result, ['severity']) // 'missing' (declared, still to come)
 */
export function pathState(result: PartialParseResult<unknown>, path: ValuePath): PathState | undefined {
  if (!result.success) return undefined;
  const open = result.states[formatPath(path)];
  if (open !== undefined) return open;
  let node: unknown = result.data;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number' && segment < node.length) node = node[segment];
    else if (isPlainObject(node) && typeof segment === 'string' && Object.hasOwn(node, segment)) node = getOwn(node, segment);
    else return undefined;
  }
  return 'complete';
}
