/**
 * The marker that tells a contract object from a bare schema. Its own file so
 * the schema projections can unwrap a contract without importing contract
 * construction (which imports them for the fingerprint).
 */

/** Marker that tells a contract object from a bare schema. */
export const CONTRACT_BRAND = 'airlock.contract' as const;

/**
 * True for a contract object made by `defineContract` or `toContract`.
 *
 * @example
 * isContract(defineContract({ name: 'x', schema })) // true
 * isContract(schema)                                // false
 */
export function isContract(value: unknown): value is { readonly kind: typeof CONTRACT_BRAND; readonly name: string; readonly schema: unknown } {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === CONTRACT_BRAND;
}
