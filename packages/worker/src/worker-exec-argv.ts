/**
 * Which of the parent's Node flags a batch's worker threads get. Only per-thread
 * diagnostics pass: V8 flags (`--max-old-space-size`, `--no-turbo-inlining`) already
 * apply to every thread of the process and make `new Worker` throw when passed again;
 * export conditions and loaders (`--conditions source`, `--import tsx`) would send the
 * built worker to TypeScript sources or load a toolchain in every thread, when workers
 * only ever import JavaScript (contracts come compiled).
 */

/** Flags a worker thread accepts and that mean something there. */
const PASSED = new Set([
  '--enable-source-maps',
  '--no-warnings',
  '--no-deprecation',
  '--trace-warnings',
  '--trace-deprecation',
  '--throw-deprecation',
  '--disable-warning',
  '--cpu-prof',
  '--cpu-prof-dir',
  '--cpu-prof-name',
  '--cpu-prof-interval',
  '--heap-prof',
  '--heap-prof-dir',
  '--heap-prof-name',
  '--heap-prof-interval',
]);

/** Flags whose value may come as the next argument (`--cpu-prof-dir /tmp/p`). */
const WITH_VALUE = new Set([
  '--conditions', '-C', '--import', '--require', '-r', '--loader', '--experimental-loader',
  '--disable-warning', '--cpu-prof-dir', '--cpu-prof-name', '--cpu-prof-interval', '--heap-prof-dir', '--heap-prof-name', '--heap-prof-interval',
]);

/**
 * The flags to start a batch's worker threads with.
 *
 * @example
 * workerExecArgv(['--import', 'tsx', '--max-old-space-size=4096', '--enable-source-maps']) // ['--enable-source-maps']
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let k = 0; k < parent.length; k++) {
    const flag = parent[k]!;
    const name = flag.includes('=') ? flag.slice(0, flag.indexOf('=')) : flag;
    const takesNext = name === flag && WITH_VALUE.has(name) && k + 1 < parent.length;
    if (PASSED.has(name)) out.push(...(takesNext ? [flag, parent[k + 1]!] : [flag]));
    if (takesNext) k++;
  }
  return out;
}
