/** Intervention codes of contract-guided normalization. */
export const NORMALIZE_CODES = [] as const;
export type NormalizeCode = (typeof NORMALIZE_CODES)[number];
