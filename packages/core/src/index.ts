/**
 * @airlock/core: the pipeline between a model's text and a program's data.
 *
 * @example
 * import { safeParse } from '@airlock/core';
 * import { z } from 'zod';
 * const result = safeParse('Here you go:\n```json\n{"title":"Fix login"}\n```', z.object({ title: z.string() }));
 * result.success && result.data.title; // 'Fix login'
 */
export * from './types.js';
export { INTERVENTION_CODES } from './intervention-codes.js';
export { safeParse, type ArtifactPick, type SafeParseOptions } from './pipeline/safe-parse.js';
export { parse, AirlockParseError } from './pipeline/parse.js';
export { deniedInterventions, STRICT_PROFILE, type RepairProfile } from './pipeline/repair-profile.js';
export type { ParseOutcome, ParseStageOptions } from './pipeline/stage-outcome.js';
export * from './contract/contract.js';
export { defineContract, type ContractDefinition } from './contract/define-contract.js';
export * from './contract/normalization-spec.js';
export { schemaModel, type SchemaModel } from './contract/schema-model.js';
export { normKey } from './contract/normalization-plan.js';
export { validateValue, formatPath, type ValidationOutcome } from './validate/validate-value.js';
export * from './scan/index.js';
export * from './json/index.js';
export * from './yaml/index.js';
export * from './normalize/index.js';
