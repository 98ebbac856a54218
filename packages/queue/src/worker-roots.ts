/**
 * The directories a worker may read from, import from and write into. A
 * shard job names paths; each is resolved with every symlink followed and must
 * then lie under one of the roots, so a job cannot reach a file outside them
 * by `..`, by an absolute path elsewhere, or by a symlink placed inside a root.
 */
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { JobRefusedError } from './shard-job-schema.js';

/** Roots as real paths (symlinks resolved), made once when the worker starts. */
export type WorkerRoots = readonly string[];

/**
 * Resolves the given directories to real paths; throws a one-line Error for one that is
 * missing or not a directory.
 *
 * @example
 * const roots = await resolveRoots(['/srv/airlock', '/mnt/shared']); // ['/srv/airlock', '/mnt/nfs/shared']
 */
export async function resolveRoots(dirs: readonly string[], cwd: string = process.cwd()): Promise<WorkerRoots> {
  if (dirs.length === 0) throw new Error('a worker needs at least one root directory');
  const roots: string[] = [];
  for (const dir of dirs) {
    let real: string;
    try {
      real = await realpath(resolve(cwd, dir));
    } catch {
      throw new Error(`root ${dir} does not exist`);
    }
    if (!(await stat(real)).isDirectory()) throw new Error(`root ${dir} is not a directory`);
    roots.push(real);
  }
  return roots;
}

/** True when `path` (a real, absolute path) is `root` or inside it. */
export function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

function outside(what: string, path: string, roots: WorkerRoots, real?: string): JobRefusedError {
  const via = real === undefined || real === path ? '' : ` (it resolves to ${real})`;
  return new JobRefusedError(`${what} ${path}${via} is outside every root of this worker (${roots.join(', ')})`);
}

/**
 * The real path of `path` when it lies under a root. A path outside every root is refused at
 * once ({@link JobRefusedError}); one under a root that does not exist on this machine fails
 * like any I/O error (another worker, whose storage is mounted, may succeed).
 *
 * @example
 * await confineToRoots('/srv/airlock/runs.jsonl', roots, 'input'); // '/srv/airlock/runs.jsonl'
 * await confineToRoots('/etc/passwd', roots, 'input'); // throws JobRefusedError
 */
export async function confineToRoots(path: string, roots: WorkerRoots, what: string): Promise<string> {
  const lexical = resolve(path);
  let real: string;
  try {
    // Following every symlink is what decides: a link inside a root may point anywhere.
    real = await realpath(lexical);
  } catch (error) {
    if (!roots.some((root) => isUnder(lexical, root))) throw outside(what, path, roots);
    throw new Error(`cannot find ${what} ${path} on this machine (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!roots.some((root) => isUnder(real, root))) throw outside(what, path, roots, real);
  return real;
}
