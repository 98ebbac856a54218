/**
 * AG-UI tool definition: `{ name, description, parameters }`, where
 * `parameters` is a JSON Schema object the agent generates tool calls from
 * and the frontend validates them with. AG-UI passes JSON Schema through, so
 * the canonical closed schema goes as it is and nothing is lost.
 */
import { isContract } from '../contract/contract-brand.js';
import { closedJsonSchema, type JsonSchema } from './closed-json-schema.js';
import type { Projection } from './rewrite-schema.js';

/** An AG-UI `Tool`. */
export interface AgUiTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/** What names and describes the tool; by default the contract's name and the schema's description. */
export interface AgUiToolOptions {
  readonly name?: string;
  readonly description?: string;
}

/**
 * The AG-UI tool definition projection.
 *
 * @example
 * agUiProjection(defineContract({ name: 'review', schema })).schema
 * // { name: 'review', description: '', parameters: { type: 'object', properties: {…}, required: […], additionalProperties: false } }
 */
export function agUiProjection(input: unknown, options: AgUiToolOptions = {}): Projection<AgUiTool> {
  const { $schema: _dialect, ...parameters } = closedJsonSchema(input);
  const description = options.description ?? (typeof parameters.description === 'string' ? parameters.description : '');
  const name = options.name ?? (isContract(input) ? input.name : 'tool');
  return { schema: { name, description, parameters }, lost: [] };
}
