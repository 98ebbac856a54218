/**
 * Which `@airlock/core` the in-process suites measure. They import the built package, as a
 * user's program does: the bundle runs faster than the TypeScript sources loaded module by
 * module through a loader (about 14 % on the defective JSON set, 2026-11-29, 0.1.0), so
 * timing the sources understated what users get. A build older than its sources would time
 * other code than the tree's: the run says so on its first lines and in its results.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Newest modification time (ms) of the non-test TypeScript files under `dir`, or 0. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** What the results header says of the measured core, and whether it is a fresh build. */
export interface MeasuredBuild {
  /** e.g. `built (dist, newer than its sources)`. */
  description: string;
  /** Set when the numbers would not describe the tree's code: why. */
  warning?: string;
  /** True when the resolved entry does not exist (the package is not built): nothing to time. */
  missing?: boolean;
}

/**
 * Describes the `@airlock/core` this process resolves: its built `dist` (fresh or stale),
 * or its sources when the process runs under the `source` export condition.
 *
 * @example
 * measuredBuild(import.meta.resolve('@airlock/core')).description // 'built (dist, newer than its sources)'
 */
export function measuredBuild(resolvedUrl: string): MeasuredBuild {
  const entry = fileURLToPath(resolvedUrl);
  if (!existsSync(entry)) {
    return { description: 'not built', missing: true, warning: `@airlock/core is not built (${entry} is missing): run \`node scripts/pnpm.mjs exec turbo run build\` first` };
  }
  const distAt = entry.lastIndexOf(`${sep}dist${sep}`);
  if (distAt < 0) return { description: 'sources (the `source` export condition), not the build users import', warning: 'core is measured from its TypeScript sources, which run slower than the published bundle' };
  const packageDir = entry.slice(0, distAt);
  const built = statSync(entry).mtimeMs;
  const sources = newestSource(join(packageDir, 'src'));
  if (sources > built) {
    return {
      description: 'built (dist, OLDER than its sources)',
      warning: 'core/dist is older than core/src: rebuild (`node scripts/pnpm.mjs exec turbo run build`) or these figures time older code',
    };
  }
  return { description: 'built (dist, newer than its sources)' };
}
