export { normalizeValue, type NormalizeOptions, type NormalizeOutcome } from './normalize-value.js';
export { NORMALIZE_CODES, type NormalizeCode } from './codes.js';
