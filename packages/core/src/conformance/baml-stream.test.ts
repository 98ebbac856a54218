import { describe, expect, it } from 'vitest';
import { safeParse } from '../pipeline/safe-parse.js';
import type { PartialParseResult } from '../partial/partial-result.js';
import { bamlPartialView } from './baml-partial-view.js';
import { bamlContract, type BamlSchema } from './baml-schema.js';
import { bamlStreamRules } from './baml-stream.js';

const attr = (name: string) => [{ name }];
const tools: BamlSchema = {
  target: { type: 'union', options: [{ type: 'class', name: 'Message' }, { type: 'class', name: 'Add' }] },
  classes: {
    Message: { fields: [{ name: 'type', type: { type: 'literal', value: 'message' }, attributes: attr('stream.not_null') }, { name: 'text', type: { type: 'string' }, attributes: attr('stream.not_null') }] },
    Add: { fields: [{ name: 'type', type: { type: 'literal', value: 'add' }, attributes: attr('stream.not_null') }, { name: 'items', type: { type: 'list', items: { type: 'class', name: 'Item' } } }], attributes: attr('stream.done') },
    Item: { fields: [{ name: 'id', type: { type: 'int' }, attributes: attr('stream.not_null') }, { name: 'note', type: { type: 'string' }, attributes: attr('stream.with_state') }], attributes: attr('stream.done') },
  },
};

describe('bamlStreamRules', () => {
  it('reads @stream.done, @@stream.done and @stream.not_null into patterns; a union keeps what its branches share', () => {
    const rules = bamlStreamRules(tools);
    expect(rules.stream.atomic).toEqual(['items[]']);
    expect(rules.stream.requiredToStart).toEqual(['type', 'items[].id']);
    expect([...rules.withState]).toEqual(['items[].note']);
  });
});

describe('bamlPartialView', () => {
  it('shows a partial value as BAML streams it: fields still to come are null, lists empty, states where asked', () => {
    const schema: BamlSchema = { target: { type: 'class', name: 'Item' }, classes: { Item: tools.classes!['Item']! } };
    const rules = bamlStreamRules({ ...schema, classes: { Item: { fields: tools.classes!['Item']!.fields } } });
    const result = safeParse('{"id": 3, "note": "hal', bamlContract(schema, 'item', rules.stream), { partial: true }) as PartialParseResult<unknown>;
    expect(bamlPartialView(schema, result, new Set(['note']))).toEqual({ id: 3, note: { value: 'hal', state: 'Incomplete' } });
    const early = safeParse('{"id": 3', bamlContract(schema, 'item', rules.stream), { partial: true }) as PartialParseResult<unknown>;
    expect(early.success).toBe(false);
  });
});
