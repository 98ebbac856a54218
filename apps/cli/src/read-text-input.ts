/**
 * Reads one model output from a file or stdin, and text files the commands are given.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.js';

const REASONS: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'is a directory' };

/**
 * The whole text of `file`, or of `stdin` when `file` is `-` or absent.
 *
 * @example
 * const text = await readTextInput(positionals[0], process.stdin);
 */
export async function readTextInput(file: string | undefined, stdin: NodeJS.ReadableStream): Promise<string> {
  if (file === undefined || file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  return readTextFile(file);
}

/**
 * The whole text of a file, or a one-line usage error naming it (as `what`, default its path).
 *
 * @example
 * await readTextFile('ctx.json', 'context file ctx.json'); // throws UsageError: cannot read context file ctx.json: no such file
 */
export async function readTextFile(file: string, what: string = file): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = String((error as { code?: unknown }).code);
    throw new UsageError(`cannot read ${what}: ${REASONS[code] ?? code}`);
  }
}
