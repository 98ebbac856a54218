import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { measuredBuild } from './measured-build.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package folder with `src/a/b.ts`, `src/a/b.test.ts` and `dist/index.js`, each at the given time (s). */
function fakePackage(times: { source: number; test: number; built: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'measured-build-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src', 'a'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  const files: [string, number][] = [
    [join(dir, 'src', 'a', 'b.ts'), times.source],
    [join(dir, 'src', 'a', 'b.test.ts'), times.test],
    [join(dir, 'dist', 'index.js'), times.built],
  ];
  for (const [path, at] of files) {
    writeFileSync(path, '');
    utimesSync(path, at, at);
  }
  return dir;
}

describe('measuredBuild', () => {
  it('calls a dist newer than every source file fresh, whatever the tests', () => {
    const dir = fakePackage({ source: 1_000, test: 3_000, built: 2_000 });
    expect(measuredBuild(pathToFileURL(join(dir, 'dist', 'index.js')).href)).toEqual({ description: 'built (dist, newer than its sources)' });
  });

  it('warns when a source file changed after the build', () => {
    const dir = fakePackage({ source: 3_000, test: 1_000, built: 2_000 });
    const build = measuredBuild(pathToFileURL(join(dir, 'dist', 'index.js')).href);
    expect(build.description).toBe('built (dist, OLDER than its sources)');
    expect(build.warning).toMatch(/rebuild/);
  });

  it('says a package without its build is missing, and how to build it', () => {
    const dir = fakePackage({ source: 1_000, test: 1_000, built: 2_000 });
    const build = measuredBuild(pathToFileURL(join(dir, 'dist', 'absent.js')).href);
    expect(build.missing).toBe(true);
    expect(build.warning).toMatch(/is not built .*absent\.js is missing.*turbo run build/);
  });

  it('warns when the sources themselves are measured', () => {
    const dir = fakePackage({ source: 1_000, test: 1_000, built: 2_000 });
    const build = measuredBuild(pathToFileURL(join(dir, 'src', 'a', 'b.ts')).href);
    expect(build.description).toMatch(/^sources/);
    expect(build.warning).toMatch(/slower than the published bundle/);
  });
});
