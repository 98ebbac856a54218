import { isContract, type AnySchema, type Contract } from '../contract/contract.js';

/**
 * The schema behind a contract or a bare schema.
 *
 * @example
 * unwrapContractSchema(defineContract({ name: 'x', schema })) === schema // true
 */
export function unwrapContractSchema<T>(input: AnySchema<T> | Contract<T>): AnySchema<T> {
  return isContract(input) ? (input as Contract<T>).schema : (input as AnySchema<T>);
}
