import type { AnySchema, Contract } from '../contract/contract.js';
import type { ParseFailure } from '../types.js';
import { safeParse } from './safe-parse.js';
import type { SafeParseOptions } from '../stage-types.js';

/** Thrown by {@link parse}; carries the full failed result. */
export class AirlockParseError extends Error {
  readonly result: ParseFailure;
  constructor(result: ParseFailure) {
    const detail = result.validationErrors?.map((e) => `${e.path}: ${e.message}`).join('; ') ?? result.extractionError ?? '';
    super(`Airlock could not parse the output (${result.failure})${detail === '' ? '' : `: ${detail}`}`);
    this.name = 'AirlockParseError';
    this.result = result;
  }
}

/**
 * Like {@link safeParse} but returns the data or throws {@link AirlockParseError}.
 *
 * @example
 * const data = parse('{"title":"x"}', z.object({ title: z.string() })); // { title: 'x' }
 */
export function parse<T>(raw: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options: SafeParseOptions = {}): T {
  const result = safeParse(raw, contractOrSchema, options);
  if (!result.success) throw new AirlockParseError(result);
  return result.data;
}
