/**
 * @airlock/bench: run-log generator, suites and reports that guard Airlock's
 * hot path. Run it with `pnpm --filter @airlock/bench bench`; import these
 * pieces to generate corpora or add a suite.
 *
 * @example
 * import { generateRecords, benchContract } from '@airlock/bench';
 * const { record } = generateRecords(1).next().value; // { id, agent, ts, output }
 */
export { benchContract, type BenchArtifact } from './contract.js';
export { generateRecords, type GeneratedRecord, type RunLogRecord } from './generate/generate-records.js';
export { writeLog, type LogStats, type WriteLogOptions } from './generate/write-log.js';
export { OUTPUT_KINDS, OUTPUT_MIX, type OutputKind } from './generate/render-output.js';
export { sampleDocuments, type SampleKind, type SampleSet } from './generate/sample-documents.js';
export { parseSize, formatSize } from './generate/parse-size.js';
export { naivePipeline } from './naive/naive-pipeline.js';
export { regexExtract } from './naive/regex-extract.js';
export { fitGrowthExponent, type GrowthPoint } from './measure/growth-exponent.js';
export { compareResults, formatComparison, type Comparison } from './report/compare-results.js';
export type { BenchResults, RatioResult, RatioSpec, MeasurementRow } from './report/results.js';
export { SUITES, SuiteRecorder, type Suite, type SuiteContext } from './suites/index.js';
