/**
 * Reads a dotted path (`meta.output`, `steps.0.text`) from a parsed record.
 * Only own properties are read, so `__proto__` or `constructor` segments find
 * nothing instead of reaching prototypes.
 *
 * @example
 * getPath({ meta: { output: 'hi' } }, 'meta.output'); // 'hi'
 * getPath({ a: 1 }, 'constructor');                 // undefined
 */
export function getPath(value: unknown, path: string): unknown {
  // A plain field name (`output`, `id`, `agent`): read on every record, so no split array.
  if (!path.includes('.')) return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, path) ? (value as Record<string, unknown>)[path] : undefined;
  let current = value;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
