/**
 * A compact, one-line description of a schema's shape for prompts:
 * `{ "verdict": "approve" | "reject", "notes"?: string[] }`. Short enough to
 * repeat in every corrective message; read from the same model normalization uses.
 */
import { schemaModel, type SchemaModel } from '../contract/schema-model.js';
import { unwrapContractSchema } from './unwrap-contract-schema.js';
import type { AnySchema, Contract } from '../contract/contract.js';

/** Nested shapes below this depth print as `…`, keeping prompts short on recursive schemas. */
const MAX_DESCRIBE_DEPTH = 8;

function literal(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Describes a schema model; exported for the instruction renderer. */
export function describeModel(model: SchemaModel, depth = 0): string {
  if (depth > MAX_DESCRIBE_DEPTH) return '…';
  switch (model.kind) {
    case 'object': {
      const fields = [...model.shape].map(([key, child]) => `${JSON.stringify(key)}${model.required.has(key) ? '' : '?'}: ${describeModel(child, depth + 1)}`);
      return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
    }
    case 'array': {
      const element = describeModel(model.element, depth + 1);
      return model.element.kind === 'enum' && model.element.values.length > 1 ? `(${element})[]` : `${element}[]`;
    }
    case 'record':
      return `{ [key: string]: ${describeModel(model.value, depth + 1)} }`;
    case 'enum':
      return model.values.map(literal).join(' | ');
    case 'number':
      return model.integer ? 'integer' : 'number';
    case 'unknown':
      return 'any';
    default:
      return model.kind;
  }
}

/** A schema that brings its own description (the reply envelope's hand-written validators do). */
export interface DescribedSchema {
  readonly shapeDescription: string;
}

function ownDescription(schema: unknown): string | undefined {
  const description = (schema as Partial<DescribedSchema>).shapeDescription;
  return typeof description === 'string' ? description : undefined;
}

/**
 * @example
 * describeSchema(z.object({ verdict: z.enum(['approve', 'reject']), notes: z.array(z.string()).optional() }))
 * // '{ "verdict": "approve" | "reject", "notes"?: string[] }'
 */
export function describeSchema(schema: AnySchema | Contract): string {
  const inner = unwrapContractSchema(schema);
  return ownDescription(inner) ?? describeModel(schemaModel(inner));
}
