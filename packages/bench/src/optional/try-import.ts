/**
 * Optional pieces (WASM scanner, batch runner, YAML fast loader) are built by
 * other issues; a suite uses them when they exist and reports "not available
 * yet" otherwise, so the bench runs at every stage of the project.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Optional<T> = { available: true; value: T; source: string } | { available: false; reason: string };

/** Absolute path of a file under packages/, e.g. `core/src/yaml/fast/index.ts`. */
export function packagesPath(relative: string): string {
  return fileURLToPath(new URL(`../../../${relative}`, import.meta.url));
}

/**
 * Imports a specifier or an existing file path; never throws.
 *
 * @example
 * const mod = await tryImport('@airlock/wasm-scanner'); // { ok: true, module } | { ok: false, reason }
 */
export async function tryImport(
  specifierOrPath: string,
): Promise<{ ok: true; module: Record<string, unknown> } | { ok: false; reason: string }> {
  const isPath = specifierOrPath.startsWith('/');
  if (isPath && !existsSync(specifierOrPath)) return { ok: false, reason: `${specifierOrPath} does not exist` };
  try {
    const module = (await import(isPath ? pathToFileURL(specifierOrPath).href : specifierOrPath)) as Record<string, unknown>;
    return { ok: true, module };
  } catch (error) {
    return { ok: false, reason: `import of ${specifierOrPath} failed: ${((error as Error).message ?? String(error)).split('\n')[0]}` };
  }
}

/** The first function export named `name` among the candidates, in order. */
export async function findExport<F>(name: string, candidates: readonly string[]): Promise<Optional<F>> {
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const imported = await tryImport(candidate);
    if (!imported.ok) {
      reasons.push(imported.reason);
      continue;
    }
    const value = imported.module[name];
    if (typeof value === 'function') return { available: true, value: value as F, source: candidate };
    reasons.push(`${candidate} has no export "${name}"`);
  }
  return { available: false, reason: `not available yet (${reasons.join('; ')})` };
}

/**
 * A module under packages/ a suite needs, or undefined after recording why it is not there
 * (the recorder's `unavailable`): the suites that run another package's source share this.
 *
 * @example
 * const runner = await importForSuite<Runner>(rec, 'conformance', 'looptroop', 'contracts/src/conformance/looptroop-conformance.ts');
 */
export async function importForSuite<T>(rec: { unavailable(suite: string, subject: string, reason: string): void }, suite: string, subject: string, relative: string): Promise<T | undefined> {
  const imported = await tryImport(packagesPath(relative));
  if (imported.ok) return imported.module as unknown as T;
  rec.unavailable(suite, subject, imported.reason);
  return undefined;
}
