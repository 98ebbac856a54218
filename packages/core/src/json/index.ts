export { parseJsonCandidate } from './parse-json-candidate.js';
export { trimAroundRoot } from './trim-around-root.js';
export { JSON_CODES, type JsonCode } from './codes.js';
