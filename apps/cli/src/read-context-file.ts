/**
 * `--context <file>` of `airlock parse` and `airlock batch`: a JSON object file
 * handed to safeParse as `options.context` (ticket id, reference artifacts,
 * labels) for the contract's normalization and checks.
 */
import { readTextFile } from './read-text-input.js';
import { UsageError } from './usage-error.js';

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/**
 * The JSON object in `file`; a one-line usage error for a missing file, invalid JSON (with the
 * parser's message) or a root that is not an object.
 *
 * @example
 * const context = await readContextFile('ctx.json'); // { ticket_id: 'T-42' }
 * safeParse(text, contract, { context });
 */
export async function readContextFile(file: string): Promise<Record<string, unknown>> {
  const what = `context file ${file}`;
  const text = await readTextFile(file, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message.split('\n', 1)[0]}`);
  }
  // safeParse and every contract check read named keys: only an object has them.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${what} must hold a JSON object, not ${kindOf(value)}`);
  return value as Record<string, unknown>;
}
