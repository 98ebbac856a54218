/**
 * Salvage of cut-off outputs in a batch: a record that fails as `truncated` (the model hit its
 * token limit) often holds most of its answer. Partial parsing reads the text as the prefix of
 * an answer and gives the value its complete part supports, valid against the contract's
 * partial view, with the state of every path still open. Nothing is guessed, and the record's
 * failure class is left as it is: the salvage is written beside the failure, not instead of it.
 */
import { safeParse, type Contract, type ParseResult, type SafeParseOptions } from '@airlock/core';
import type { SalvagedValue } from './batch-format.js';

/**
 * The salvaged value of a `truncated` failure, or undefined for any other result and for a
 * text that supports no value yet (nothing started, or what is there fails the contract).
 *
 * @example
 * const result = safeParse('{"title": "Fix lo', contract); // failure: 'truncated'
 * salvageTruncated(result, '{"title": "Fix lo', contract, undefined);
 * // { data: { title: 'Fix lo' }, states: { '(root)': 'incomplete', title: 'incomplete', … } }
 */
export function salvageTruncated(result: ParseResult<unknown>, text: string, contract: Contract, options: SafeParseOptions | undefined): SalvagedValue | undefined {
  if (result.success || result.failure !== 'truncated') return undefined;
  const partial = safeParse(text, contract, { ...options, partial: true });
  return partial.success ? { data: partial.data, states: partial.states } : undefined;
}
