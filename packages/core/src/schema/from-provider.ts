/**
 * Reading a provider's answer back with the contract it was asked for. The
 * projections change nothing about what a valid answer is, except one thing:
 * OpenAI strict mode makes every property required, so an optional field
 * arrives as null. `fromProvider` returns the contract that removes those
 * nulls before validation, each one recorded as an intervention.
 */
import { toContract, type AnySchema, type Contract } from '../contract/contract.js';
import { checkProfile } from './check-profile.js';
import type { Provider } from './project-schema.js';

/**
 * The contract to parse a provider's output with. For `openai` it drops the
 * nulls sent for optional, non-nullable fields (`optional_null_dropped`);
 * the other dialects keep optional fields optional, so their contract is
 * the same one. Same schema, same fingerprint.
 *
 * @throws AgentSchemaProfileError when the schema is outside the profile.
 * @example
 * const review = fromProvider('openai', reviewContract);
 * const result = safeParse(completion.choices[0].message.content, review);
 * // {"file":"a.ts","line":null} → data { file: 'a.ts' }, interventions: [optional_null_dropped at line]
 */
export function fromProvider<T>(provider: Provider, input: Contract<T> | AnySchema<T>): Contract<T> {
  const contract = toContract(input);
  checkProfile(contract);
  if (provider !== 'openai') return contract;
  return { ...contract, normalization: { ...contract.normalization, optionalNulls: 'drop' } };
}
