import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { agUiProjection } from './ag-ui-projection.js';
import { closedJsonSchema } from './closed-json-schema.js';

const schema = z.object({ city: z.string().min(1), days: z.int().min(1).max(7).optional() }).describe('Look up the weather');

describe('agUiProjection', () => {
  it('rule "Tool { name, description, parameters: JSON Schema }": the contract name, the schema description, the closed schema', () => {
    const { schema: tool, lost } = agUiProjection(defineContract({ name: 'get_weather', schema }));
    const { $schema: _dialect, ...closed } = closedJsonSchema(schema);
    expect(tool).toEqual({ name: 'get_weather', description: 'Look up the weather', parameters: closed });
    expect(Object.keys(tool)).toEqual(['name', 'description', 'parameters']);
    expect(lost).toEqual([]);
  });

  it('takes a name and description, and passes every constraint through (AG-UI passes JSON Schema as it is)', () => {
    const { schema: tool } = agUiProjection(z.object({ n: z.number().multipleOf(2) }), { name: 'even', description: 'An even number' });
    expect(tool).toEqual({ name: 'even', description: 'An even number', parameters: { additionalProperties: false, properties: { n: { multipleOf: 2, type: 'number' } }, required: ['n'], type: 'object' } });
  });
});
