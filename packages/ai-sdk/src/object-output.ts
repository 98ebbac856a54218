/**
 * An `Output.object` for `generateText` / `streamText` that falls back to Airlock.
 * In ai 6 `generateText` has no repair hook for its structured output: the output's
 * `parseCompleteOutput` throws and the whole call rejects. So the adapter wraps the
 * SDK's own output specification: same response format (the provider still gets the
 * JSON Schema), same partial parsing, and Airlock only where the SDK gave up.
 */
import type { AnySchema, Contract } from '@airlock/core';
import { isContract } from '@airlock/core';
import { NoObjectGeneratedError, Output } from 'ai';
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

/**
 * `Output.object` with Airlock behind it: when the SDK cannot parse or validate the
 * model's text, `safeParse` runs with the same schema; a repaired value becomes the
 * call's `output` and `onRepair` receives the interventions. When Airlock fails too, the
 * SDK's `NoObjectGeneratedError` is thrown unchanged, `onFailure` is called first and
 * {@link airlockFailure} reads Airlock's failure class from the error.
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
  const { schema, name, description, ...airlock } = options;
  const sdkSchema = isContract(schema) ? schema.schema : schema;
  const base = Output.object<T>({
    // The SDK accepts any Standard Schema; its own type names a narrower import of the spec.
    schema: sdkSchema as Parameters<typeof Output.object<T>>[0]['schema'],
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
  });
  return {
    ...base,
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
