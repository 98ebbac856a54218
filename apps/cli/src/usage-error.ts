/**
 * An error in how the command was called (exit status 2).
 */

/**
 * Thrown for bad flags, missing files and missing contracts; printed as one line.
 *
 * @example
 * throw new UsageError('--contract is required');
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
