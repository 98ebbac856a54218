/**
 * The workspace's packages as the packed-install test sees them: every package under
 * packages/ and apps/ that is not private is published.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkspacePackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
  readonly manifest: PackageManifest;
}

export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly exports?: Record<string, unknown>;
  readonly publishConfig?: { readonly exports?: Record<string, unknown>; readonly access?: string };
  readonly [field: string]: unknown;
}

/** Every package under packages/ and apps/, private ones included, sorted by name. */
export function listWorkspacePackages(root: string): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const dir = join(root, group, entry.name);
      const file = join(dir, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as PackageManifest;
      found.push({ name: manifest.name, version: manifest.version, dir, manifest });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The packages that are published (not private). */
export function listPublishable(root: string): WorkspacePackage[] {
  return listWorkspacePackages(root).filter((p) => p.manifest.private !== true);
}

/**
 * The Node versions every package supports: 20 from 20.19 and 22 from 22.12 (where `require` of
 * an ES module works without a flag), and later lines.
 */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/**
 * Where an exports map holds the workspace-only `source` condition, at any depth, as paths
 * (`. > source`, `./schema > import > source`); empty when it holds none.
 *
 * @example
 * sourceConditions({ '.': { source: './src/index.ts', default: './dist/index.js' } }) // ['. > source']
 */
export function sourceConditions(value: unknown, at: readonly string[] = []): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'source' ? [[...at, key].join(' > ')] : sourceConditions(inner, [...at, key])));
}

/** An exports map without the workspace-only `source` condition: what is published. */
export function withoutSourceCondition(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'source').map(([key, inner]) => [key, withoutSourceCondition(inner)]));
}
