/**
 * Writes a file through a temporary name, so a concurrent reader (another run, another
 * thread) never sees half of it.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `code` to `path` unless it exists (or always, with `replace`); creates the directory
 * readable by all and writable by this user only.
 *
 * @example
 * await writeOnce('/tmp/airlock-contracts/3f2a.mjs', 'export const a = 1;');
 */
export async function writeOnce(path: string, code: string, replace = false): Promise<void> {
  if (!replace && existsSync(path)) return;
  await mkdir(dirname(path), { recursive: true, mode: 0o755 });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, path);
}
