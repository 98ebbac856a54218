/**
 * Loads the shared JSON-repair conformance corpora (see shared/conformance/README.md)
 * at test time from `<repo>/../shared/conformance`; they are never copied into the repo.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ConformanceCase {
  id: string;
  kind: 'repair' | 'throw';
  input: string;
  expected?: unknown;
  test: string;
}

/** The shared conformance folder: the repository root is the nearest ancestor with pnpm-workspace.yaml. */
export function conformanceDir(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) {
      const shared = resolve(dir, '..', 'shared', 'conformance');
      return existsSync(shared) ? shared : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Reads one corpus file, or undefined when the shared folder is absent.
 *
 * @example
 * loadConformance('jsonrepair.json')?.length // 417
 */
export function loadConformance(file: string): ConformanceCase[] | undefined {
  const dir = conformanceDir();
  if (dir === undefined || !existsSync(join(dir, file))) return undefined;
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as ConformanceCase[];
}

/** Deep equality of JSON values, ignoring key order; numbers compare with `===` (so -0 equals 0). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(ra[k], rb[k]));
}
