/**
 * Node's on-disk compile cache for the `airlock` command (Node 22.1 and later; Node 20 has
 * none). A fresh process compiles about a megabyte of JavaScript before its first record;
 * cached, a 16 KB batch starts in 0.121 s instead of 0.141 s on Node 22 (2026-11-27, 0.1.0).
 *
 * Cached code is code that runs, so the cache lives in a directory only this user can write
 * to (as the compiled contracts do); anything else, or a `NODE_COMPILE_CACHE` the user set,
 * is left to Node.
 */
import { mkdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Only a directory this user owns and no one else may write to holds code to run. */
function privateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = statSync(dir);
    const uid = process.getuid?.();
    return stats.isDirectory() && (uid === undefined || stats.uid === uid) && (stats.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * Turns the compile cache on for this process, where Node has one; returns the directory used,
 * or undefined when it stays off (an older Node, `NODE_COMPILE_CACHE` set, no private directory).
 *
 * @example
 * enableCompileCache(); // '/tmp/airlock-compile-cache-1000' on Node 22, undefined on Node 20
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, base: string = tmpdir()): string | undefined {
  const enable = (module as { enableCompileCache?: (dir: string) => { status: number } }).enableCompileCache;
  if (enable === undefined || env.NODE_COMPILE_CACHE !== undefined) return undefined;
  const dir = join(base, `airlock-compile-cache-${process.getuid?.() ?? 'user'}`);
  if (!privateDir(dir)) return undefined;
  try {
    enable(dir);
    return dir;
  } catch {
    return undefined;
  }
}
