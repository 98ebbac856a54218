/**
 * @airlock/worker: the streaming batch runner over JSONL run logs, on a
 * Piscina pool of worker threads.
 *
 * @example
 * import { runBatch, formatStatsTable } from '@airlock/worker';
 * const stats = await runBatch({ input: 'runs.jsonl', output: 'out.ndjson', contract: { module: './contract.ts', export: 'review' } });
 * console.log(formatStatsTable(stats));
 *
 * @module @airlock/worker
 */
export * from './types.js';
export { createBatchPool, MAX_THREADS, threadsPerCore, type BatchPoolOptions } from './batch-pool.js';
export { runBatch, batchMetadata, DEFAULT_CHUNK_SIZE, type BatchMetadataInput } from './run-batch.js';
export { INLINE_BELOW_BYTES, fingerprintInputs, plainSizeOf, threadsForSize } from './open-batch-inputs.js';
export { fingerprintContext } from './batch-context.js';
export { BatchError, describeIoError, type BatchErrorKind } from './batch-error.js';
export { loadContract, resolveContractRef, prepareContractRef, importContract, type ResolvedContractRef } from './load-contract.js';
export { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';
export { emptyCounts, mergeCounts, outcomeOf, countResult, NO_AGENT } from './batch-counts.js';
export { checkpointPath, readCheckpoint, type Checkpoint } from './checkpoint.js';
export { formatStatsTable, type FormatStatsOptions } from './format-stats-table.js';
export { readBatchOutput, decodeBatchRecord, checkBatchMetadata, type BatchResultRecord, type BatchOutputReader } from './read-batch-output.js';
export { BATCH_FORMAT_VERSION, type WireRecord, type WireCandidate, type WireIntervention, type SalvagedValue } from './batch-format.js';
export { diffBatches, type BatchDiff, type OutcomeChange } from './diff-batches.js';
export { formatDiff } from './format-diff.js';
export { airlockVersion } from './airlock-version.js';
export { getPath } from './get-path.js';
export { useWasmScanner } from './use-wasm-scanner.js';
export { suggestContractAdditions, type ContractSuggestions, type SuggestRecord, type Finding, type AliasFinding, type SynonymFinding, type KeyFinding } from './suggest-contract-additions.js';
export { formatContractFragment, type FragmentOptions } from './format-contract-fragment.js';
export { checkBadRecords, BAD_RECORD_SAMPLE, type BadRecordWarning } from './check-bad-records.js';
export { applyZodTuning, ZOD_JITLESS_ENV } from './zod-tuning.js';
export { tuneZodForRun, ZOD_JITLESS_BELOW_BYTES } from './tune-zod-for-run.js';
export { groupDigits } from './group-digits.js';
