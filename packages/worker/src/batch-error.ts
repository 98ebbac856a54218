/**
 * The one error type the batch runner throws on purpose: its message is a
 * single line meant to be printed as is (the CLI prints it and exits).
 */

/** What went wrong, so a caller can choose an exit code (`read`: the input failed mid-run, after some records were committed). */
export type BatchErrorKind = 'usage' | 'contract' | 'input' | 'output' | 'refused' | 'worker' | 'read';

/**
 * A clear, one-line error about the run's setup or I/O (never about a record:
 * bad records are results).
 *
 * @example
 * throw new BatchError('input', 'cannot read input logs.jsonl: no such file');
 */
export class BatchError extends Error {
  override readonly name = 'BatchError';
  constructor(
    readonly kind: BatchErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** `ENOENT` → a few words a user understands; other codes pass through. */
export function describeIoError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EFBIG':
      return 'file too large (size limit reached)';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a parent path is not a directory';
    default:
      return firstLine(error instanceof Error ? error.message : String(error));
  }
}

/** First line of a possibly multi-line message, so errors stay one line. */
export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.trim();
}

/**
 * An integer option from `min` to `max`, or a one-line `usage` error naming it.
 *
 * @example
 * checkInteger('chunk size', 0, 1, 1_000_000) // throws BatchError: chunk size must be an integer from 1 to 1000000, got 0
 */
export function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new BatchError('usage', `${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}
