/**
 * An `Output.object` for `generateText` / `streamText` that falls back to Airlock.
 * In ai 6 `generateText` has no repair hook for its structured output: the output's
 * `parseCompleteOutput` throws and the whole call rejects. So the adapter wraps the
 * SDK's own output specification: same response format (the provider still gets the
 * JSON Schema), Airlock's partial parsing for the values streamed on the way, and Airlock's
 * repair only where the SDK gave up on the final text.
 */
import type { AnySchema, Contract } from '@airlock/core';
import { isContract } from '@airlock/core';
import { NoObjectGeneratedError, Output } from 'ai';
import { partialOutputReader } from './partial-output.js';
import { runAirlock } from './run-airlock.js';
import type { AirlockAdapterOptions } from './repair-report.js';

/** Options of {@link objectOutput}: `Output.object`'s plus Airlock's. */
export interface ObjectOutputOptions<T> extends AirlockAdapterOptions<T> {
  /** The schema, or an Airlock contract (its schema goes to the SDK, its normalization to the repair). */
  schema: Contract<T> | AnySchema<T>;
  /** Name of the output, for providers that use it (as in `Output.object`). */
  name?: string;
  /** Description of the output, for providers that use it (as in `Output.object`). */
  description?: string;
}

/** What `Output.object` returns for `T` (ai 6: `Output<T, DeepPartial<T>, never>`). */
export type ObjectOutput<T> = ReturnType<typeof Output.object<T>>;

/** The SDK's partial value type for `T` (its own `DeepPartial<T>`). */
type SdkPartial<T> = NonNullable<Awaited<ReturnType<ObjectOutput<T>['parsePartialOutput']>>>['partial'];

/**
 * `Output.object` with Airlock behind it: when the SDK cannot parse or validate the
 * model's text, `safeParse` runs with the same schema; a repaired value becomes the
 * call's `output` and `onRepair` receives the interventions. When Airlock fails too, the
 * SDK's `NoObjectGeneratedError` is thrown unchanged, `onFailure` is called first and
 * {@link airlockFailure} reads Airlock's failure class from the error.
 *
 * During `streamText` each partial output (`partialOutputStream`, `experimental_partialOutputStream`)
 * is Airlock's partial parse of the text so far (docs/streaming.md): normalized by the contract,
 * valid so far, prose and fences around the JSON skipped. A text whose partial value fails the
 * contract publishes nothing, so the stream keeps showing the last valid value. `partial: { keep }`
 * sets what cut-off values a partial output keeps; the final output is parsed whole either way.
 *
 * @example
 * const schema = z.object({ title: z.string(), tags: z.array(z.string()) });
 * const { output } = await generateText({
 *   model,
 *   prompt: 'File a ticket for the login bug.',
 *   output: objectOutput({ schema, onRepair: ({ interventions }) => log.push(...interventions) }),
 * });
 */
export function objectOutput<T>(options: ObjectOutputOptions<T>): ObjectOutput<T> {
  const { schema, name, description, partial, ...airlock } = options;
  const sdkSchema = isContract(schema) ? schema.schema : schema;
  const base = Output.object<T>({
    // The SDK accepts any Standard Schema; its own type names a narrower import of the spec.
    schema: sdkSchema as Parameters<typeof Output.object<T>>[0]['schema'],
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
  });
  const readPartial = partialOutputReader(schema, {
    ...(typeof partial === 'object' && partial.keep !== undefined && { keep: partial.keep }),
    ...(airlock.context !== undefined && { context: airlock.context }),
    ...(airlock.repair !== undefined && { repair: airlock.repair }),
    ...(airlock.maxDepth !== undefined && { maxDepth: airlock.maxDepth }),
    ...(airlock.maxLength !== undefined && { maxLength: airlock.maxLength }),
  });
  return {
    ...base,
    async parsePartialOutput({ text }) {
      const result = readPartial(text);
      // The SDK's partial type is its own DeepPartial<T>, the same shape as Airlock's.
      return result.success ? { partial: result.data as SdkPartial<T> } : undefined;
    },
    async parseCompleteOutput(input, context) {
      try {
        return await base.parseCompleteOutput(input, context);
      } catch (error) {
        // Only a parse or validation failure is Airlock's business; anything else is not ours to hide.
        if (!NoObjectGeneratedError.isInstance(error)) throw error;
        const result = runAirlock(input.text, error, schema, airlock);
        if (result.success) return result.data;
        throw error;
      }
    },
  };
}
