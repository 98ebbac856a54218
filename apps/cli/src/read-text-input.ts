/**
 * Reads one model output from a file or stdin.
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
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = String((error as { code?: unknown }).code);
    throw new UsageError(`cannot read ${file}: ${REASONS[code] ?? code}`);
  }
}
