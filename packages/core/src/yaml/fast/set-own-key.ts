/**
 * Adds a mapping entry the way `yaml`'s `toJS` does: a fresh own data property
 * (so `__proto__` is plain data, never the prototype), and a repeated key
 * bails, since `yaml` reports it or silently collapses it.
 */
import { fastYamlBail, fastYamlRefuse } from './fast-yaml-bail.js';

/**
 * A key string no non-string scalar turns into (`1`, `true`, `.inf` become '1', 'true',
 * 'Infinity'): two such keys are equal strings in `yaml` too, where `1` and `"1"` are not.
 */
function surelyRepeated(key: string): boolean {
  return /^[A-Za-z_]/.test(key) && key !== 'null' && key !== 'true' && key !== 'false' && key !== 'NaN' && key !== 'Infinity';
}

/**
 * Stops the load when `key` is already in `map`. `line` (0-based) is the key's line in a block
 * mapping, checked before its value is read: there the repeat is `yaml`'s first error when both
 * keys are surely the same string (a worded refusal). Otherwise it bails.
 *
 * @example
 * refuseRepeatedKey({ a: 1 }, 'a', 1) // throws the refusal 'Map keys must be unique' on line 1
 */
export function refuseRepeatedKey(map: Record<string, unknown>, key: string, line?: number): void {
  if (!Object.hasOwn(map, key)) return;
  if (line !== undefined && surelyRepeated(key)) fastYamlRefuse('duplicate_key', 'Map keys must be unique', line);
  fastYamlBail('duplicate_key');
}

/**
 * @example
 * const map = {}; setOwnKey(map, '__proto__', 1); Object.keys(map) // ['__proto__']
 */
export function setOwnKey(map: Record<string, unknown>, key: string, value: unknown): void {
  refuseRepeatedKey(map, key);
  defineOwnKey(map, key, value);
}

/**
 * Adds an entry known to be new (after {@link refuseRepeatedKey}): a large mapping then pays
 * one lookup per key, not two.
 *
 * @example
 * const map = {}; defineOwnKey(map, 'a', 1); map // { a: 1 }
 */
export function defineOwnKey(map: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    map[key] = value;
  }
}
