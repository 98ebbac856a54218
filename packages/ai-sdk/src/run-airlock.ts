/**
 * The one step both entry points share: run `safeParse` on text the SDK rejected,
 * tell the listeners, and remember a failure next to the SDK's error.
 */
import { safeParse, type AnySchema, type Contract, type ParseResult } from '@airlock/core';
import { recordFailure } from './airlock-failure.js';
import type { AirlockAdapterOptions } from './repair-report.js';

export function runAirlock<T>(
  text: string,
  sdkError: unknown,
  schema: Contract<T> | AnySchema<T>,
  options: AirlockAdapterOptions<T>,
): ParseResult<T> {
  const { onRepair, onFailure, ...parseOptions } = options;
  const result = safeParse(text, schema, parseOptions);
  if (result.success) {
    onRepair?.({ text, error: sdkError, interventions: result.interventions, data: result.data, result });
  } else {
    recordFailure(sdkError, result);
    onFailure?.({ text, error: sdkError, failure: result });
  }
  return result;
}
