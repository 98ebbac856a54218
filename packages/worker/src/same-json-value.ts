/**
 * Whether two values write the same JSON, key order aside, without writing
 * either: the batch omits `raw` when it equals `data`, and walking both values
 * costs far less than serializing `raw` just to compare.
 */

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Keys whose value JSON keeps (undefined and functions are dropped by JSON.stringify). */
function countWritten(record: Record<string, unknown>): number {
  let n = 0;
  for (const key in record) {
    const value = record[key];
    if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') n++;
  }
  return n;
}

/**
 * True when `a` and `b` are equal JSON data: same primitives, arrays of equal
 * items, plain objects with equal values under the same set of keys. Anything
 * else (dates, maps, class instances, NaN) counts as different unless it is the
 * very same value, so a `true` always means the JSON texts would be equal.
 *
 * @example
 * sameJsonValue({ a: 1, b: [2] }, { b: [2], a: 1 }); // true
 * sameJsonValue({ a: 1 }, { a: '1' }); // false
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (!sameJsonValue(a[k], b[k])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let written = 0;
  for (const key in left) {
    const value = left[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    written++;
    if (!Object.prototype.hasOwnProperty.call(right, key) || !sameJsonValue(value, right[key])) return false;
  }
  return written === countWritten(right);
}
