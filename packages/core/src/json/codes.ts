/** Intervention codes of the JSON repairer (one per repair rule). */
export const JSON_CODES = [] as const;
export type JsonCode = (typeof JSON_CODES)[number];
