/**
 * Keeps a batch output from being destroyed or shared: it may not be the input
 * (same path, or the same file through another name: device and inode), and
 * only one run writes it at a time, held by an exclusive lock file
 * (`<output>.lock`, with the holder's pid and host). A lock whose holder on
 * this host is dead is stale and taken over, so `--resume` after a crash works.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { BatchError, describeIoError } from './batch-error.js';
import { STDIN } from './open-input-bytes.js';

/** What a lock file holds. */
interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

/** A held output; `release` removes the lock. */
export interface OutputGuard {
  release(): Promise<void>;
}

/** The lock file of an output. */
export function lockPath(output: string): string {
  return `${output}.lock`;
}

function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false; // the output does not exist yet: it cannot be the input
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host, started: String(holder.started) } : undefined;
  } catch {
    return undefined;
  }
}

async function createLock(path: string, output: string): Promise<boolean> {
  try {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'wx');
    const holder: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
    await handle.writeFile(`${JSON.stringify(holder)}\n`).finally(() => handle.close());
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return false;
    throw new BatchError('output', `cannot write output ${output}: ${describeIoError(error)}`);
  }
}

/**
 * Refuses an output that is the input, then takes the output's lock.
 *
 * @example
 * const guard = await guardBatchOutput('runs.jsonl', 'results.ndjson');
 * try { … } finally { await guard.release(); }
 */
export async function guardBatchOutput(inputs: string | readonly string[], output: string): Promise<OutputGuard> {
  for (const input of typeof inputs === 'string' ? [inputs] : inputs) {
    if (input !== STDIN && sameFile(input, output)) {
      throw new BatchError('refused', `the output ${output} is the input ${input}: writing it would destroy the log (even with --force); choose another -o`);
    }
  }
  const path = lockPath(output);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createLock(path, output)) return { release: () => rm(path, { force: true }) };
    const holder = readHolder(path);
    const stale = holder === undefined || (holder.host === hostname() && !isAlive(holder.pid));
    if (!stale) {
      throw new BatchError('refused', `${output} is being written by another run (pid ${holder.pid} on ${holder.host}, since ${holder.started}); wait for it, or remove ${path} if that run is gone`);
    }
    await rm(path, { force: true });
  }
  throw new BatchError('refused', `cannot take the lock ${path}: another run keeps taking it`);
}
