import { chmodSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileState, lookUpCompiled, recordCompiled } from './contract-cache-index.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('contract-cache-index');
afterAll(() => dir.remove());

/** A cache directory holding one compiled module, recorded for `key`, compiled from `source`. */
async function cacheWithOne(name: string, key: string): Promise<{ cache: string; source: string; compiled: string }> {
  const cache = dir.file(name);
  mkdirSync(cache, { mode: 0o755 });
  chmodSync(cache, 0o755);
  const source = join(cache, '..', `${name}-contract.ts`);
  writeFileSync(source, 'export const c = 1;\n');
  const compiled = join(cache, 'abc.mjs');
  writeFileSync(compiled, 'export const c = 1;\n');
  await recordCompiled(cache, key, { path: compiled, inputs: [(await fileState(source))!] });
  return { cache, source, compiled };
}

describe('the compiled-contract index', () => {
  it('finds the module a source compiled to while its files are unchanged', async () => {
    const { cache, compiled } = await cacheWithOne('unchanged', 'k1');
    expect((await lookUpCompiled(cache, 'k1'))?.path).toBe(compiled);
    expect(await lookUpCompiled(cache, 'another key')).toBeUndefined();
  });

  it('forgets it once a source file changes', async () => {
    const { cache, source } = await cacheWithOne('changed', 'k2');
    writeFileSync(source, 'export const c = 22;\n');
    utimesSync(source, new Date(), new Date(Date.now() + 5000));
    expect(await lookUpCompiled(cache, 'k2')).toBeUndefined();
  });

  it('trusts no directory others may write to', async () => {
    const { cache } = await cacheWithOne('open', 'k3');
    chmodSync(cache, 0o777);
    expect(await lookUpCompiled(cache, 'k3')).toBeUndefined();
  });

  it('ignores an index naming a file outside the cache or a malformed index', async () => {
    const { cache, source } = await cacheWithOne('outside', 'k4');
    await recordCompiled(cache, 'k4', { path: source, inputs: [] });
    expect(await lookUpCompiled(cache, 'k4')).toBeUndefined();
    const { cache: broken } = await cacheWithOne('broken', 'k5');
    for (const file of ['index-0.json']) writeFileSync(join(broken, file), '{');
    await recordCompiled(broken, 'k5', { path: 42 as unknown as string, inputs: [] });
    expect(await lookUpCompiled(broken, 'k5')).toBeUndefined();
  });
});
