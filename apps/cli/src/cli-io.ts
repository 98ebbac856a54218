/**
 * The streams a command talks to, injectable so commands run in-process in tests.
 */

/** Standard streams of a command. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream;
}

/**
 * The process's own streams.
 *
 * @example
 * await main(process.argv.slice(2), processIo());
 */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}
