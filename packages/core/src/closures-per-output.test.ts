/**
 * The modules every clean, fenced or tagged output runs through make no named closure per
 * call. A loader or bundler that keeps function names (`tsx`, esbuild's `keepNames`) turns
 * each into a property definition on a fresh function: two such closures in candidate
 * building and the candidate loop made a fenced output about 17 % slower when core ran from
 * its TypeScript sources, as the bench and tests run it.
 */
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const HOT_PATH = [
  'pipeline/safe-parse.ts',
  'pipeline/try-candidate.ts',
  'pipeline/parse-candidate.ts',
  'scan/build-candidates.ts',
  'scan/select-scanner.ts',
  'json/parse-json-candidate.ts',
  'json/try-json-parse.ts',
  'yaml/detect-format.ts',
  'normalize/detect-prompt-echo.ts',
  'normalize/normalize-value.ts',
  'normalize/align-value.ts',
  'normalize/shape-is-canonical.ts',
  'normalize/canonical-walk.ts',
];

/** Lines where the kept name is set inside a function body: once per call, not once per module. */
function namedClosures(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', target: 'node20', keepNames: true });
  return code.split('\n').filter((line) => /^\s+\S.*__name\(/.test(line) && !/^\s+__name\(this, "\w+"\);$/.test(line));
}

describe('closures per output', () => {
  it.each(HOT_PATH)('%s makes no named closure per call', (file) => {
    expect(namedClosures(file)).toEqual([]);
  });

  it('finds one where there is one', () => {
    const { code } = transformSync('export function f(xs: number[]) { const big = (x: number) => x > 1; return xs.some(big); }', { loader: 'ts', format: 'esm', keepNames: true });
    expect(code.split('\n').filter((line) => /^\s+\S.*__name\(/.test(line))).toHaveLength(1);
  });
});
