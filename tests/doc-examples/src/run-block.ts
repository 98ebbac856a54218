/**
 * Runs a written runnable block as a user runs a TypeScript file: `node --import tsx` (the
 * packages resolve to their built `dist`, no "source" condition), from the directory of the
 * Markdown file that holds it.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import type { WrittenBlock } from './write-blocks.js';

export interface BlockRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one block to its end (or kills it after `timeoutMs`). */
export function runBlock(written: WrittenBlock, root: string, timeoutMs = 60_000): Promise<BlockRun> {
  // The test runner's own loader flags are not a user's: the child starts from a clean slate.
  const { NODE_OPTIONS: _dropped, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', written.path], {
    cwd: dirname(resolve(root, written.block.file)),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}
