/**
 * `experimental_repairText` for `generateObject` / `streamObject`. The SDK calls it
 * only after its own `JSON.parse` or schema validation failed, so clean outputs never
 * pay for Airlock. The SDK does not pass the schema to the function, hence a factory.
 */
import type { AnySchema, Contract } from '@airlock/core';
import { runAirlock } from './run-airlock.js';
import type { AirlockAdapterOptions } from './repair-report.js';

/** The signature of the SDK's `experimental_repairText` (ai 6: `RepairTextFunction`). */
export type RepairTextFunction = (options: { text: string; error: unknown }) => Promise<string | null>;

/**
 * Builds a repair function for `generateObject` / `streamObject` that runs Airlock's
 * `safeParse` with the call's schema (or an Airlock contract built on it) and hands the
 * validated value back to the SDK as JSON. Every repair reaches `onRepair` with its
 * interventions; when Airlock cannot repair either, it returns `null` (the SDK then
 * throws its `NoObjectGeneratedError`), calls `onFailure`, and {@link airlockFailure}
 * reads Airlock's failure class from the thrown error.
 *
 * Pass the schema the SDK validates against: with `output: 'array'` that is
 * `z.object({ elements: z.array(item) })`. The SDK validates the returned JSON again,
 * so a schema whose transforms change the value's type will not survive the round trip.
 *
 * @example
 * const schema = z.object({ title: z.string(), tags: z.array(z.string()) });
 * const { object } = await generateObject({
 *   model,
 *   schema,
 *   prompt: 'File a ticket for the login bug.',
 *   experimental_repairText: repairText(schema, {
 *     onRepair: ({ interventions }) => interventions.forEach((i) => console.log(i.rule, i.message)),
 *   }),
 * });
 */
export function repairText<T>(schema: Contract<T> | AnySchema<T>, options: AirlockAdapterOptions<T> = {}): RepairTextFunction {
  return async ({ text, error }) => {
    const result = runAirlock(text, error, schema, options);
    if (!result.success) return null;
    // JSON.stringify drops a top-level undefined; null tells the SDK there is nothing to re-parse.
    return JSON.stringify(result.data) ?? null;
  };
}
