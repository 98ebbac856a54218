/**
 * @airlock/core/schema: one schema, every provider. The AgentSchema profile
 * check, the canonical closed JSON Schema, its fingerprint, and the
 * projections to each provider's structured-output dialect.
 *
 * @example
 * import { checkProfile, closedJsonSchema, schemaFingerprint } from '@airlock/core/schema';
 * const review = z.object({ verdict: z.enum(['approve', 'request_changes']), summary: z.string() });
 * checkProfile(review);
 * closedJsonSchema(review).additionalProperties // false
 * schemaFingerprint(review)                     // 64 hex digits
 *
 * @module @airlock/core/schema
 */
export { checkProfile, profileViolations, AgentSchemaProfileError, type ProfileViolation } from './check-profile.js';
export { closedJsonSchema, JSON_SCHEMA_DIALECT, type JsonSchema } from './closed-json-schema.js';
export { schemaFingerprint, canonicalJson } from './schema-fingerprint.js';
export { projectSchema, isProvider, PROVIDERS, type Provider } from './project-schema.js';
export { openaiProjection, OPENAI_FORMATS } from './openai-projection.js';
export { anthropicProjection, ANTHROPIC_FORMATS } from './anthropic-projection.js';
export { geminiProjection, GEMINI_STRING_FORMATS } from './gemini-projection.js';
export { agUiProjection, type AgUiTool, type AgUiToolOptions } from './ag-ui-projection.js';
export type { LostConstraint, Projection } from './rewrite-schema.js';
export { fromProvider } from './from-provider.js';
