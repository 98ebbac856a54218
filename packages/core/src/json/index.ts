export { parseJsonCandidate } from './parse-json-candidate.js';
export { trimAroundRoot, trailingTrims, leadingTrim, type TrailingHints } from './trim-around-root.js';
export { repairJson, type RepairJsonOptions, type RepairJsonResult } from './repair-json.js';
export { applyEdits, sortEdits } from './apply-edits.js';
export { JSON_CODES, JSON_CODE_INFO, type JsonCode } from './codes.js';
