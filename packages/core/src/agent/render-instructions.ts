/**
 * One contract drives the prompt too (the first layer of the schema-enforcement
 * seed): compact instructions naming the fields, their types and enum values,
 * where the output goes (a fenced block or a tag envelope) and an example the
 * contract accepts with zero interventions.
 */
import { isContract, type AnySchema, type Contract } from '../contract/contract.js';
import { schemaModel, type SchemaModel } from '../contract/schema-model.js';
import { describeModel, describeSchema } from './describe-schema.js';
import { exampleValue } from './example-value.js';
import type { ReplyEnvelope, ToolSchemas } from './reply-envelope.js';

/** Options of {@link renderInstructions}. */
export interface RenderInstructionsOptions {
  /** Ask for the output in a fenced block with this info string (`cadre-json`). */
  blockMarker?: string;
}

/** Field lists of huge schemas are cut; the example still shows the whole shape. */
const MAX_FIELD_LINES = 60;
const MAX_FIELD_DEPTH = 8;

function typeLabel(model: SchemaModel): string {
  switch (model.kind) {
    case 'object':
      return 'object';
    case 'array':
      return `list of ${model.element.kind === 'object' ? 'objects' : typeLabel(model.element)}`;
    case 'record':
      return `map of string to ${typeLabel(model.value)}`;
    default:
      return describeModel(model);
  }
}

function fieldLines(model: SchemaModel, prefix: string, out: string[], depth: number): void {
  if (depth > MAX_FIELD_DEPTH) return;
  if (model.kind === 'array' || model.kind === 'record') {
    const segment = model.kind === 'array' ? '[]' : prefix === '' ? '*' : '.*';
    fieldLines(model.kind === 'array' ? model.element : model.value, `${prefix}${segment}`, out, depth + 1);
    return;
  }
  if (model.kind !== 'object') return;
  for (const [key, child] of model.shape) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    out.push(`- ${path}${model.required.has(key) ? '' : ' (optional)'}: ${typeLabel(child)}`);
    fieldLines(child, path, out, depth + 1);
  }
}

/** Where the output goes, and how the example is wrapped. */
function placement(contract: Contract | AnySchema, options: RenderInstructionsOptions): { rule: string; wrap: (json: string) => string } {
  if (options.blockMarker !== undefined) {
    const fence = `\`\`\`${options.blockMarker}`;
    return { rule: `Reply with the JSON in a ${fence} block.`, wrap: (json) => `${fence}\n${json}\n\`\`\`` };
  }
  const tag = isContract(contract) ? contract.tags[0] : undefined;
  if (tag !== undefined) return { rule: `Reply with the JSON inside <${tag}>…</${tag}>.`, wrap: (json) => `<${tag}>\n${json}\n</${tag}>` };
  return { rule: 'Reply with only the JSON, no other text.', wrap: (json) => json };
}

function isEnvelope<Tools extends ToolSchemas>(value: unknown): value is ReplyEnvelope<Tools> {
  return typeof value === 'object' && value !== null && 'toolNames' in value && 'shapeSchema' in value;
}

function envelopeInstructions<Tools extends ToolSchemas>(envelope: ReplyEnvelope<Tools>): string {
  const lines = ['Reply with exactly one JSON object and no other keys: a tool call { "tool", "args" } or a direct answer { "answer" }.', 'Tools:'];
  const examples: string[] = [];
  for (const name of envelope.toolNames) {
    const schema = envelope.tools[name]!;
    lines.push(`- ${name}: ${describeSchema(schema)}`);
    const args = exampleValue(schema);
    if (examples.length === 0 && args !== undefined) examples.push(JSON.stringify({ tool: name, args }));
  }
  examples.push(JSON.stringify({ answer: 'text' }));
  return [...lines, 'Examples:', ...examples].join('\n');
}

/**
 * Prompt text for a contract, a bare schema, or a reply envelope.
 *
 * @example
 * renderInstructions(z.object({ severity: z.enum(['critical', 'minor']), note: z.string().optional() }), { blockMarker: 'cadre-json' })
 * // Reply with the JSON in a ```cadre-json block.
 * // Fields:
 * // - severity: "critical" | "minor"
 * // - note (optional): string
 * // Example:
 * // ```cadre-json
 * // {"severity":"critical","note":"text"}
 * // ```
 */
export function renderInstructions<Tools extends ToolSchemas>(contract: Contract | AnySchema | ReplyEnvelope<Tools>, options: RenderInstructionsOptions = {}): string {
  if (isEnvelope<Tools>(contract)) return envelopeInstructions(contract);
  const { rule, wrap } = placement(contract, options);
  const model = schemaModel(isContract(contract) ? contract.schema : contract);
  const fields: string[] = [];
  fieldLines(model, '', fields, 0);
  const lines = [rule];
  if (fields.length > 0) {
    lines.push('Fields:', ...fields.slice(0, MAX_FIELD_LINES));
    if (fields.length > MAX_FIELD_LINES) lines.push(`- … and ${fields.length - MAX_FIELD_LINES} more`);
  } else lines.push(`Shape: ${describeModel(model)}`);
  const example = exampleValue(contract);
  if (example !== undefined) lines.push('Example:', wrap(JSON.stringify(example)));
  return lines.join('\n');
}
