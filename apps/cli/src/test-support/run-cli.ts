/**
 * Runs the built `airlock` bin in a child process, as a user would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/airlock.mjs', import.meta.url));
const BUILT = new URL('../../dist/main.js', import.meta.url);

/** True when the CLI has been built (its tests need `turbo run build` first). */
export function cliIsBuilt(): boolean {
  return existsSync(BUILT);
}

/** A running CLI with its collected output. */
export interface CliProcess {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * Starts `airlock <args>`; `stdin` is written and closed when given.
 *
 * @example
 * const { done } = startCli(['parse', '--contract', spec, 'out.txt']);
 * expect((await done).code).toBe(0);
 */
export function startCli(args: string[], options: { stdin?: string | Buffer; cwd?: string; shell?: string } = {}): CliProcess {
  const child = options.shell === undefined
    ? spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, stdio: 'pipe' })
    // The shell prefix (e.g. `ulimit -f 64;`) applies limits to the CLI process alone.
    : spawn('bash', ['-c', `${options.shell} exec "$0" "$@"`, process.execPath, BIN, ...args], { cwd: options.cwd, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  else child.stdin?.end();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Runs `airlock <args>` to completion. */
export function runCli(args: string[], options: { stdin?: string | Buffer; cwd?: string; shell?: string } = {}): CliProcess['done'] {
  return startCli(args, options).done;
}
