/**
 * @airlock/core: the pipeline between a model's text and a program's data. The root holds
 * what an application uses: safeParse / parse, contracts, repair profiles, the JSON repairer
 * on its own (repairJson) and the types of their results. The schema projections are in
 * `@airlock/core/schema`, the agent runtime in `@airlock/core/agent`; the scanner contract in
 * `@airlock/core/scan` and the pipeline's parts in `@airlock/core/internal` serve Airlock's own
 * packages.
 *
 * @example
 * import { safeParse } from '@airlock/core';
 * import { z } from 'zod';
 * const result = safeParse('Here you go:\n```json\n{"title":"Fix login"}\n```', z.object({ title: z.string() }));
 * result.success && result.data.title; // 'Fix login'
 *
 * @module @airlock/core
 */
export type {
  Stage,
  Category,
  Span,
  ValuePath,
  Intervention,
  InterventionCode,
  FailureClass,
  CandidateSource,
  CandidateFormat,
  CandidateInfo,
  ValidationIssue,
  ParseSuccess,
  ParseFailure,
  ParseResult,
} from './types.js';
export type { SafeParseOptions, ArtifactPick, RepairProfile } from './stage-types.js';
export { INTERVENTION_CODES } from './intervention-codes.js';
export { safeParse } from './pipeline/safe-parse.js';
export { parse, AirlockParseError } from './pipeline/parse.js';
export { createPartialParser, type PartialParser, type PartialParserOptions } from './partial/partial-parser.js';
export { parsePartialStream, type StreamChunk } from './partial/parse-partial-stream.js';
export { pathState, type PartialParseResult, type PartialParseSuccess, type PartialParseFailure, type PathState, type OpenPathStates, type DeepPartial } from './partial/partial-result.js';
export type { PartialOptions, IncompleteKind } from './partial/partial-options.js';
export { repairJson, type RepairJsonOptions, type RepairJsonResult } from './repair-json-api.js';
export { deniedInterventions, STRICT_PROFILE } from './pipeline/repair-profile.js';
export { defineContract, type ContractDefinition } from './contract/define-contract.js';
export type { ContractCheck, CheckOutcome, CheckNote } from './validate/run-checks.js';
export type { CheckCode } from './validate/check-codes.js';
export { toContract, isContract, type Contract, type AnySchema, type YamlHints } from './contract/contract.js';
export { DEFAULT_WRAPPER_KEYS } from './contract/normalization-spec.js';
export type {
  NormalizationSpec,
  ExtrasPolicy,
  SynonymValue,
  SynonymTable,
  IdStrategy,
  DerivedRule,
  PromptEchoMarkers,
  Wording,
  ListOrder,
  StringShape,
  DropRule,
  OverlayRule,
  AttributionRule,
  StreamSpec,
} from './contract/normalization-spec.js';
