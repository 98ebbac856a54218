import { describe, expect, it } from 'vitest';
import { STRICT_PROFILE } from '../pipeline/repair-profile.js';
import type { PeerCase } from './corpora.js';
import { decideOption, planJsonRepairCase } from './json-repair-plan.js';

const base: PeerCase = { id: 'json_repair-x', test: 't', kind: 'repair', input: '{"a": 1', expected: { a: 1 }, function: 'repair_json' };

describe('json_repair options', () => {
  it('maps strict to the strict profile and the output-only options to nothing', () => {
    expect(decideOption('strict', true)).toMatchObject({ effect: 'equivalent', options: { repair: STRICT_PROFILE } });
    for (const name of ['return_objects', 'logging', 'skip_json_loads', 'ensure_ascii']) expect(decideOption(name, true).effect).toBe('no-op');
  });

  it('leaves stream_stable and unknown options out of scope', () => {
    expect(decideOption('stream_stable', true).effect).toBe('out');
    expect(decideOption('some_new_option', 1).effect).toBe('out');
  });

  it('scores a salvage refusal but not a salvage value', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] };
    expect(planJsonRepairCase({ ...base, kind: 'throw', schema, options: { schema_repair_mode: 'salvage' } }).scored).toBe(true);
    expect(planJsonRepairCase({ ...base, kind: 'schema', schema, options: { schema_repair_mode: 'salvage' } }).scored).toBe(false);
  });

  it('leaves a schema z.fromJSONSchema cannot read, or reads without a constraint, out of scope with the reason', () => {
    const bogus = planJsonRepairCase({ ...base, kind: 'schema', schema: { type: 'bogus' } });
    expect(bogus).toMatchObject({ scored: false, reason: expect.stringContaining('z.fromJSONSchema') });
    const unenforced = planJsonRepairCase({ ...base, kind: 'throw', schema: { type: 'object', properties: {}, required: ['missing'] } });
    expect(unenforced).toMatchObject({ scored: false, reason: expect.stringContaining('missing') });
  });

  it('groups cases by kind and the options that change behaviour', () => {
    expect(planJsonRepairCase({ ...base, options: { return_objects: true, strict: true } }).group).toBe('repair +strict');
  });
});
