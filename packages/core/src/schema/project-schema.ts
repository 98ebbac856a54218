/**
 * One entry for every provider dialect: the CLI and callers that pick the
 * provider at run time go through here.
 */
import { agUiProjection, type AgUiTool, type AgUiToolOptions } from './ag-ui-projection.js';
import { anthropicProjection } from './anthropic-projection.js';
import { closedJsonSchema, type JsonSchema } from './closed-json-schema.js';
import { geminiProjection } from './gemini-projection.js';
import { openaiProjection } from './openai-projection.js';
import type { Projection } from './rewrite-schema.js';

/** The dialects a schema projects to; `json-schema` is the canonical closed schema itself. */
export const PROVIDERS = ['openai', 'anthropic', 'gemini', 'ag-ui', 'json-schema'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** True for a provider name {@link projectSchema} knows. */
export function isProvider(value: unknown): value is Provider {
  return (PROVIDERS as readonly unknown[]).includes(value);
}

/**
 * Projects a contract or Zod schema in the AgentSchema profile to a
 * provider's dialect, listing what the provider cannot enforce.
 *
 * @throws AgentSchemaProfileError when the schema is outside the profile.
 * @example
 * const { schema, lost } = projectSchema('gemini', review);
 * for (const l of lost) console.warn(`${l.path}: ${l.constraint} (${l.reason})`);
 */
export function projectSchema(provider: Provider, input: unknown, options: AgUiToolOptions = {}): Projection<JsonSchema | AgUiTool> {
  switch (provider) {
    case 'openai':
      return openaiProjection(input);
    case 'anthropic':
      return anthropicProjection(input);
    case 'gemini':
      return geminiProjection(input);
    case 'ag-ui':
      return agUiProjection(input, options);
    case 'json-schema':
      return { schema: closedJsonSchema(input), lost: [] };
  }
}
