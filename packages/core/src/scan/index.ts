export { SpanKind, type SpanKindCode } from './span-kind.js';
export { scanText, findBalancedEnd, matchNoiseToken, matchTranscriptPrefix, MAX_TAG_NAME, MAX_TRACKED_TAGS } from './scan-text.js';
export { buildCandidates, type CandidateOptions } from './build-candidates.js';
export { toRawIndex, toRawSpan, type Candidate } from './candidate.js';
export { stripTranscriptPrefixes, type StrippedText } from './strip-transcript-prefixes.js';
export { registerWasmScanner, selectScan, WASM_CROSSOVER_LENGTH, type ScannerImpl } from './select-scanner.js';
export { SCAN_CODES, type ScanCode } from './codes.js';
export { isNoiseOnly } from './is-noise-only.js';
export { extractionInterventions } from './extraction-interventions.js';
