import { describe, expect, it } from 'vitest';
import { safeParse } from '../pipeline/safe-parse.js';
import { assertPredicate } from './baml-asserts.js';
import { bamlContract, BamlUnsupported, type BamlSchema } from './baml-schema.js';

const resume: BamlSchema = {
  target: { type: 'class', name: 'Resume' },
  classes: {
    Resume: {
      fields: [
        { name: 'name', type: { type: 'string' } },
        { name: 'email', type: { type: 'optional', inner: { type: 'string' } } },
        { name: 'skills', type: { type: 'list', items: { type: 'string' } } },
        { name: 'signature', alias: 'function_signature', type: { type: 'string' } },
        { name: 'internal', skip: true, type: { type: 'optional', inner: { type: 'string' } } },
      ],
    },
  },
};

function data(text: string, schema: BamlSchema): unknown {
  const result = safeParse(text, bamlContract(schema));
  return result.success ? result.data : `refused (${result.failure})`;
}

describe('bamlContract', () => {
  it('fills BAML defaults: a missing optional field is null, a missing list is [], a skipped field is null', () => {
    expect(data('{"name": "Lee", "function_signature": "f()"}', resume)).toEqual({ name: 'Lee', email: null, skills: [], signature: 'f()', internal: null });
  });

  it('reads a field under its alias and keeps the field name in the value', () => {
    expect(data('{"name": "Lee", "function_signature": "g(a, b)", "skills": ["ts"]}', resume)).toMatchObject({ signature: 'g(a, b)', skills: ['ts'] });
  });

  it('still refuses a missing required field', () => {
    expect(data('{"email": "a@b.c"}', resume)).toMatch(/^refused/);
  });

  it('maps enum aliases to their value and leaves skipped values out', () => {
    const schema: BamlSchema = {
      target: { type: 'enum', name: 'Category' },
      enums: { Category: { values: [{ name: 'ONE', alias: 'k1' }, { name: 'TWO' }, { name: 'HIDDEN', skip: true }] } },
    };
    expect(data('k1', schema)).toBe('ONE');
    expect(data('HIDDEN', schema)).toMatch(/^refused/);
  });

  it('builds recursive aliases lazily', () => {
    const schema: BamlSchema = { target: { type: 'alias', name: 'A' }, aliases: { A: { type: 'list', items: { type: 'alias', name: 'A' } } } };
    expect(data('[[], [[]]]', schema)).toEqual([[], [[]]]);
  });

  it('refuses a value that fails an @assert and ignores @check', () => {
    const schema: BamlSchema = {
      target: { type: 'class', name: 'Foo' },
      classes: {
        Foo: {
          fields: [
            {
              name: 'age',
              type: { type: 'int' },
              attributes: [
                { name: 'check', args: ['young', '{{this < 10}}'] },
                { name: 'assert', args: ['nonnegative', '{{this >= 0}}'] },
              ],
            },
          ],
        },
      },
    };
    expect(data('{"age": 30}', schema)).toEqual({ age: 30 });
    expect(data('{"age": -1}', schema)).toMatch(/^refused/);
  });

  it('throws BamlUnsupported for a type or an assert it does not model', () => {
    expect(() => bamlContract({ target: { type: 'image' } })).toThrow(BamlUnsupported);
    expect(() => assertPredicate('{{ this|regex_match("a+") }}')).toThrow(BamlUnsupported);
  });

  it('reads the corpus assert shapes', () => {
    expect(assertPredicate('{{this|length > 0}}')('')).toBe(false);
    expect(assertPredicate('{{ this.foo > 0 }}')({ foo: 1 })).toBe(true);
    expect(assertPredicate('{{ false }}')(1)).toBe(false);
  });
});
