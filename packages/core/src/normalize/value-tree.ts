/**
 * Safe helpers over parsed values. Model text may carry `__proto__` or
 * `constructor` keys: they are data, so objects are read through own-property
 * checks and written with `Object.defineProperty`, never by assignment.
 */
import type { ValuePath } from '../types.js';

export type PlainObject = Record<string, unknown>;

/** A non-array object (what JSON/YAML objects parse to). */
export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two key lists hold the same keys in the same order (parsed keys are interned: a cheap compare). */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The own value of a key, `undefined` when absent (never an inherited one). */
export function getOwn(object: PlainObject, key: string): unknown {
  return hasOwn(object, key) ? object[key] : undefined;
}

/** Sets an own enumerable data property: `__proto__` stays a plain key. */
export function setOwn(object: PlainObject, key: string, value: unknown): void {
  // Only `__proto__` is an accessor on Object.prototype; plain assignment is safe (and fast) for every other key.
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** A fresh object from entries, in order. */
export function objectFrom(entries: Iterable<readonly [string, unknown]>): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of entries) setOwn(out, key, value);
  return out;
}

/** Shallow copy of an object's own enumerable keys. */
export function copyObject(object: PlainObject): PlainObject {
  return objectFrom(Object.keys(object).map((k) => [k, object[k]] as const));
}

/** Structural equality of JSON-like values (bounded depth). */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > 256 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => deepEqual(v, other[i], depth + 1));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => hasOwn(b, k) && deepEqual((a as PlainObject)[k], (b as PlainObject)[k], depth + 1));
}

/** Short JSON excerpt of a value for `before`/`after` and messages. */
export function excerpt(value: unknown, max = 80): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `path` extended by one segment, for locating a field in messages. */
export function at(path: ValuePath, segment: string | number): ValuePath {
  return [...path, segment];
}

/** Copy-on-write update of the node at `path` (which must exist). */
export function replaceAt(root: unknown, path: ValuePath, update: (node: unknown) => unknown, depth = 0): unknown {
  if (depth === path.length) return update(root);
  const segment = path[depth]!;
  if (Array.isArray(root) && typeof segment === 'number') {
    const copy = root.slice();
    copy[segment] = replaceAt(root[segment], path, update, depth + 1);
    return copy;
  }
  if (isPlainObject(root) && typeof segment === 'string') {
    const copy = copyObject(root);
    setOwn(copy, segment, replaceAt(getOwn(root, segment), path, update, depth + 1));
    return copy;
  }
  return root;
}
