/**
 * What the adapter tells its caller about each output it had to repair, and the
 * options both entry points share. Reports are plain data plus the SDK's own error,
 * so a caller can log them as they are.
 */
import type { Intervention, ParseFailure, ParseSuccess, SafeParseOptions } from '@airlock/core';

/** One output the SDK could not use as-is and Airlock repaired. */
export interface RepairReport<T = unknown> {
  /** The model's text as the SDK received it. */
  text: string;
  /** Why the SDK rejected it: its `JSONParseError` or `TypeValidationError`. */
  error: unknown;
  /** Every change Airlock made, in order; log these. */
  interventions: Intervention[];
  /** The validated value handed back to the SDK. */
  data: T;
  /** Airlock's full result (candidate, raw value, flags). */
  result: ParseSuccess<T>;
}

/** One output neither the SDK nor Airlock could use. */
export interface RepairFailureReport {
  /** The model's text as the SDK received it. */
  text: string;
  /** The SDK's error, which the SDK now throws (wrapped in `NoObjectGeneratedError`). */
  error: unknown;
  /** Airlock's failed result: `failure`, `validationErrors`, `extractionError`, interventions tried. */
  failure: ParseFailure;
}

/** Options of {@link repairText} and {@link objectOutput}: Airlock's parse options plus two listeners. */
export interface AirlockAdapterOptions<T = unknown> extends SafeParseOptions {
  /** Called once for every output Airlock repaired, with the interventions. A listener that throws is ignored. */
  onRepair?: (report: RepairReport<T>) => void;
  /** Called when Airlock could not repair an output either; the SDK's error follows. A listener that throws is ignored. */
  onFailure?: (report: RepairFailureReport) => void;
}
