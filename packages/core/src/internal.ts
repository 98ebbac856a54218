/**
 * @airlock/core/internal: the pipeline's parts for Airlock's own packages (the worker, the
 * bench, the viewer, the contracts' tests): the scanner and candidates, the JSON repairer, the
 * YAML path, the normalization stages and their code lists, schema introspection and
 * validation. No compatibility promise across minor versions; applications use the root.
 *
 * @example
 * import { repairJson } from '@airlock/core/internal';
 * const repaired = repairJson("{'a': 1,}");
 * repaired.ok && repaired.text; // '{"a": 1}'
 */
export * from './scan/index.js';
export * from './json/index.js';
export * from './yaml/index.js';
export * from './normalize/index.js';
export type { ParseOutcome, LaterRoot, ParseStageOptions } from './stage-types.js';
export { CONTRACT_BRAND, isStandardSchema, unwrapZod, schemaKeys, withFingerprint, schemaExpect } from './contract/contract.js';
export { DEFAULT_PROMPT_ECHO } from './contract/normalization-spec.js';
export { schemaModel, type SchemaModel } from './contract/schema-model.js';
export { normKey } from './contract/normalization-plan.js';
export { validateValue, formatPath, type ValidationOutcome } from './validate/validate-value.js';
