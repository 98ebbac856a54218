import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairJson } from './index.js';

describe('repairJson from the root', () => {
  it('does what its JSDoc example says', () => {
    const r = repairJson("{name: 'Ada', tags: ['x',],}");
    expect(r.ok && r.text).toBe('{"name": "Ada", "tags": ["x"]}');
    expect(r.ok && r.interventions.map((i) => i.rule)).toEqual(['unquoted_key', 'single_quoted_string', 'unquoted_key', 'single_quoted_string', 'trailing_comma', 'trailing_comma']);
  });

  it('passes its options through: expect, allowNdjson, maxDepth', () => {
    expect(repairJson('The answer: "see below" {"a": 1}', { expect: 'object' })).toMatchObject({ ok: true, value: { a: 1 } });
    expect(repairJson('{"a": 1}\n{"a": 2}\n', { allowNdjson: true })).toMatchObject({ ok: true, value: [{ a: 1 }, { a: 2 }] });
    expect(repairJson('{"a": 1}\n{"a": 2}\n')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(repairJson('[[[[1]]]]', { maxDepth: 3 })).toMatchObject({ ok: false, failure: 'syntax' });
  });

  it('takes no scanner hints: an option outside its type changes nothing', () => {
    const text = '{"a": 1} \u001b[0m';
    const hinted = repairJson(text, { noiseStart: 9 } as never); // the pipeline would call it terminal noise
    expect(hinted).toEqual(repairJson(text));
    expect(hinted.interventions.map((i) => i.rule)).toEqual(['trailing_prose_trimmed']);
  });

  it('says why it cannot repair, and never throws on any text', () => {
    expect(repairJson('')).toEqual({ ok: false, failure: 'empty_output', error: 'The candidate is empty.', interventions: [] });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      const r = repairJson(text);
      if (r.ok) expect(JSON.parse(r.text)).toEqual(r.value);
      else expect(r.error).not.toBe('');
    }));
  });
});
