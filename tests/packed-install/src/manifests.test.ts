/**
 * The publish manifests, checked in the workspace (no network, no build): what pnpm pack
 * publishes must match what the workspace resolves, minus the `source` condition.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listPublishable, listWorkspacePackages, sourceConditions, SUPPORTED_NODE, withoutSourceCondition } from './workspace-packages.js';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const publishable = listPublishable(ROOT);
/** Libraries whose API takes a schema or contract built with the user's Zod. */
const TAKES_USER_SCHEMAS = new Set(['@airlock/core', '@airlock/worker', '@airlock/contracts', '@airlock/queue', '@airlock/ai-sdk']);
const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> };

describe.each(publishable.map((p) => [p.name, p] as const))('%s', (_name, pkg) => {
  const m = pkg.manifest;

  it('publishes the exports map without the source condition', () => {
    expect(m.exports, 'exports').toBeDefined();
    // The workspace resolves sources through it; the packed-install test finds none in the tarball.
    expect(sourceConditions(m.exports)).toContain('. > source');
    expect(m.publishConfig?.exports, 'publishConfig.exports (pnpm pack applies it)').toEqual(withoutSourceCondition(m.exports));
    expect(sourceConditions(m.publishConfig?.exports)).toEqual([]);
    expect(m.publishConfig?.access).toBe('public');
  });

  it('pins its runtime dependencies exactly (Zod, the user\'s, excepted)', () => {
    for (const [name, range] of Object.entries((m.dependencies ?? {}) as Record<string, string>)) {
      if (name === 'zod' || range.startsWith('workspace:')) continue;
      expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('refuses to be published by anything but pnpm (npm publish ignores publishConfig.exports)', () => {
    expect((m.scripts as Record<string, string> | undefined)?.prepublishOnly).toBe('node ../../scripts/publish-guard.mjs');
  });

  it('gives every export a types condition before its default', () => {
    for (const [subpath, target] of Object.entries(m.publishConfig?.exports ?? {})) {
      if (subpath === './package.json') continue;
      const conditions = Object.keys(target as Record<string, string>);
      expect(conditions, subpath).toEqual(['types', 'default']);
    }
  });

  it('has a licence, repository, keywords, engines, files and a README', () => {
    expect(m.license).toBe('MIT');
    expect(existsSync(join(pkg.dir, 'LICENSE'))).toBe(true);
    expect(existsSync(join(pkg.dir, 'README.md'))).toBe(true);
    expect(m.repository).toMatchObject({ type: 'git', directory: relative(ROOT, pkg.dir).split('\\').join('/') });
    expect((m.keywords as string[]).length).toBeGreaterThan(0);
    expect(m.description).toEqual(expect.any(String));
    expect(m.engines).toEqual({ node: SUPPORTED_NODE });
    expect(m.files).toEqual(expect.arrayContaining(['dist', 'LICENSE', 'README.md']));
  });

  it('takes zod as a peer when it takes user schemas (one Zod: the user\'s)', () => {
    const deps = (m.dependencies ?? {}) as Record<string, string>;
    const peers = (m.peerDependencies ?? {}) as Record<string, string>;
    if (TAKES_USER_SCHEMAS.has(pkg.name)) {
      expect(peers.zod).toMatch(/^\^4\./);
      expect(deps.zod).toBeUndefined();
    }
  });

  it('is built before the packed-install test (a devDependency of it, so turbo orders the build)', () => {
    expect(own.devDependencies[pkg.name]).toBe('workspace:*');
  });
});

it('declares the same Node versions at the root and in every workspace package, private ones too', () => {
  const manifests = [join(ROOT, 'package.json'), ...listWorkspacePackages(ROOT).map((p) => join(p.dir, 'package.json')), join(ROOT, 'examples/package.json'), fileURLToPath(new URL('../package.json', import.meta.url))];
  for (const file of manifests) {
    const { engines } = JSON.parse(readFileSync(file, 'utf8')) as { engines?: unknown };
    expect(engines, relative(ROOT, file)).toEqual({ node: SUPPORTED_NODE });
  }
});

it('keeps the development-only packages private, saying why', () => {
  const bench = listWorkspacePackages(ROOT).find((p) => p.name === '@airlock/bench');
  expect(bench?.manifest.private).toBe(true);
  expect(bench?.manifest.description).toMatch(/private/);
});

describe('the publish guard', () => {
  const guard = join(ROOT, 'scripts', 'publish-guard.mjs');
  const run = (agent: string | undefined) => {
    const env = { ...process.env };
    delete env.npm_config_user_agent;
    if (agent !== undefined) env.npm_config_user_agent = agent;
    return spawnSync(process.execPath, [guard], { env, encoding: 'utf8' });
  };

  it('lets pnpm publish and refuses npm (and an unknown agent) with one line', () => {
    expect(run('pnpm/10.12.1 npm/? node/v20.20.2 linux x64').status).toBe(0);
    for (const agent of ['npm/10.8.2 node/v20.20.2 linux x64 workspaces/false', undefined]) {
      const refused = run(agent);
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain('pnpm publish');
    }
  });
});
