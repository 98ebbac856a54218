/**
 * The compiled-contract cache's index on disk: which compiled module a contract source gave,
 * and the files it was compiled from as they were then. A fresh `airlock batch` process finds
 * its contract here and imports it without starting esbuild (whose service process cost a
 * run about 50 ms of CPU before its first record); any change to one of those files, or a
 * cache directory another user could write to, sends the contract to esbuild again.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeOnce } from './write-once.js';

/** One input file of a compiled contract, as it was when compiled. */
export interface FileState {
  file: string;
  mtimeMs: number;
  size: number;
}

/** A compiled module and the files it was compiled from. */
export interface CompiledContract {
  path: string;
  inputs: FileState[];
}

/** The state of `file` now, or undefined when it cannot be looked at. */
export async function fileState(file: string): Promise<FileState | undefined> {
  const stats = await stat(file).catch(() => undefined);
  return stats === undefined ? undefined : { file, mtimeMs: stats.mtimeMs, size: stats.size };
}

/** Whether every file is as it was. */
export async function sameFiles(inputs: readonly FileState[]): Promise<boolean> {
  for (const input of inputs) {
    const now = await fileState(input.file);
    if (now === undefined || now.mtimeMs !== input.mtimeMs || now.size !== input.size) return false;
  }
  return true;
}

function indexPath(dir: string, key: string): string {
  return join(dir, `index-${createHash('sha256').update(key).digest('hex').slice(0, 20)}.json`);
}

/** Only a directory this user owns and no one else may write to is trusted to name code to import. */
async function trusted(dir: string): Promise<boolean> {
  const stats = await stat(dir).catch(() => undefined);
  if (stats === undefined) return false;
  const uid = process.getuid?.();
  return (uid === undefined || stats.uid === uid) && (stats.mode & 0o022) === 0;
}

/**
 * The compiled module recorded for `key` in `dir`, when it is still there and every input is
 * unchanged; undefined otherwise.
 *
 * @example
 * await lookUpCompiled(CONTRACT_CACHE_DIR, JSON.stringify({ path: '/work/contract.ts' })) // { path: '…/3f2a….mjs', inputs: [...] }
 */
export async function lookUpCompiled(dir: string, key: string): Promise<CompiledContract | undefined> {
  if (!(await trusted(dir))) return undefined;
  try {
    const entry = JSON.parse(await readFile(indexPath(dir, key), 'utf8')) as CompiledContract;
    if (typeof entry.path !== 'string' || dirname(entry.path) !== dir || !Array.isArray(entry.inputs) || !existsSync(entry.path)) return undefined;
    return (await sameFiles(entry.inputs)) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records a compiled module for `key` (best effort: a run never fails for its cache).
 *
 * @example
 * await recordCompiled(CONTRACT_CACHE_DIR, key, { path, inputs });
 */
export async function recordCompiled(dir: string, key: string, compiled: CompiledContract): Promise<void> {
  await writeOnce(indexPath(dir, key), JSON.stringify(compiled), true).catch(() => {});
}
