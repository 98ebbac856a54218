/** Intervention codes of a contract's checks (stage `semantic_validation`). */
export const CHECK_CODES = ['check_canonicalized', 'check_restored', 'check_synthesized', 'check_dropped', 'check_recomputed'] as const;
export type CheckCode = (typeof CHECK_CODES)[number];
