/**
 * The one step both entry points share: run `safeParse` on text the SDK rejected,
 * tell the listeners, and remember a failure next to the SDK's error.
 */
import { safeParse, type AnySchema, type Contract, type ParseResult } from '@airlock/core';
import { recordFailure } from './airlock-failure.js';
import type { AirlockAdapterOptions } from './repair-report.js';

/** Calls a listener; as in core's ResultParser, observability must not change the outcome. */
function notify<R>(listener: ((report: R) => void) | undefined, report: R): void {
  try {
    listener?.(report);
  } catch {
    // A broken logger must not turn a repaired output into a failed call, nor hide the SDK's error.
  }
}

export function runAirlock<T>(
  text: string,
  sdkError: unknown,
  schema: Contract<T> | AnySchema<T>,
  options: AirlockAdapterOptions<T>,
): ParseResult<T> {
  const { onRepair, onFailure, ...parseOptions } = options;
  const result = safeParse(text, schema, parseOptions);
  if (result.success) {
    notify(onRepair, { text, error: sdkError, interventions: result.interventions, data: result.data, result });
  } else {
    recordFailure(sdkError, result);
    notify(onFailure, { text, error: sdkError, failure: result });
  }
  return result;
}
