/**
 * Adds a mapping entry the way `yaml`'s `toJS` does: a fresh own data property
 * (so `__proto__` is plain data, never the prototype), and a repeated key
 * bails, since `yaml` reports it or silently collapses it.
 */
import { fastYamlBail } from './fast-yaml-bail.js';

/**
 * @example
 * const map = {}; setOwnKey(map, '__proto__', 1); Object.keys(map) // ['__proto__']
 */
export function setOwnKey(map: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.hasOwn(map, key)) fastYamlBail('duplicate_key');
  if (key === '__proto__') {
    Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    map[key] = value;
  }
}
