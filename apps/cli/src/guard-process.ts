/**
 * Process-wide guards the `airlock` bin installs before running a command
 * (commands themselves stay callable in-process with injected streams):
 * a reader that closes stdout early (`airlock batch … | head`) ends the
 * command quietly with status 0, a stdout that cannot be written (a full
 * device) ends it with one line, and warnings libraries emit on the process
 * (e.g. yaml's "Keys with collection values will be stringified…") never
 * reach the terminal: what a library noticed about model text belongs in a
 * result, not in the user's scrollback.
 */
import { describeIoError } from '@airlock/worker';

/** Whether stdout failed because its reader went away (a closed pipe or socket). */
function isClosedReader(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ECONNRESET';
}

/**
 * Installs the guards on the real process: a closed stdout exits 0 at once
 * (nobody reads what is left), an unwritable one exits 1 with one line.
 *
 * @example
 * guardProcess();
 * process.exitCode = await main(process.argv.slice(2));
 */
export function guardProcess(proc: NodeJS.Process = process): void {
  // Node prints warnings through its own default 'warning' listener; removing it keeps them off stderr.
  proc.removeAllListeners('warning');
  proc.on('warning', () => {});
  // With stderr gone (`2>&1 | head`) progress has no reader: the run goes on to write its output.
  proc.stderr.on('error', () => {});
  proc.stdout.on('error', (error: unknown) => {
    if (isClosedReader(error)) proc.exit(0);
    try {
      proc.stderr.write(`airlock: cannot write to stdout: ${describeIoError(error)}\n`);
    } finally {
      proc.exit(1);
    }
  });
}
