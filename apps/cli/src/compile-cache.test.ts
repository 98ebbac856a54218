import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { enableCompileCache } from './compile-cache.js';

const base = mkdtempSync(join(tmpdir(), 'airlock-cc-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const hasCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe('enableCompileCache', () => {
  it('leaves a NODE_COMPILE_CACHE the user set to Node', () => {
    expect(enableCompileCache({ NODE_COMPILE_CACHE: '/elsewhere' }, base)).toBeUndefined();
  });

  it.runIf(hasCache)('uses a private directory of its own on a Node that has the cache', () => {
    const env: NodeJS.ProcessEnv = {};
    const dir = enableCompileCache(env, base);
    expect(dir).toBe(join(base, `airlock-compile-cache-${process.getuid?.() ?? 'user'}`));
    expect(statSync(dir!).mode & 0o077).toBe(0);
    // Worker threads copy the environment when they start: the batch's threads use the cache too.
    expect(env.NODE_COMPILE_CACHE).toBe(dir);
  });

  it.runIf(hasCache)('gives the directory to worker threads started afterwards', async () => {
    const env: NodeJS.ProcessEnv = {};
    const dir = enableCompileCache(env, base);
    const seen = await new Promise<unknown>((resolve, reject) => {
      const worker = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:module').getCompileCacheDir?.())", { eval: true, env });
      worker.once('message', resolve).once('error', reject);
    });
    // Node keeps each version's entries in a subdirectory of its own.
    expect(String(seen).startsWith(`${dir!}/`)).toBe(true);
  });

  it.runIf(hasCache && process.getuid !== undefined)('refuses a directory others may write to', () => {
    const shared = mkdtempSync(join(base, 'shared-'));
    const dir = join(shared, `airlock-compile-cache-${process.getuid!()}`);
    enableCompileCache({}, shared);
    chmodSync(dir, 0o777);
    expect(enableCompileCache({}, shared)).toBeUndefined();
  });

  it.runIf(!hasCache)('does nothing on a Node without the cache (Node 20)', () => {
    expect(enableCompileCache({}, base)).toBeUndefined();
  });
});
