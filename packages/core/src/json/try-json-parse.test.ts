import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsCanBoundJson, tryJsonParse } from './try-json-parse.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('tryJsonParse', () => {
  it('reads what JSON.parse reads, and refuses by value what it refuses', () => {
    expect(tryJsonParse(' {"a":[1,2]}\n')).toEqual({ ok: true, value: { a: [1, 2] } });
    for (const text of ['-0', '12', '"x"', 'true', 'false', 'null', '[]', ' \t\r\n[1] ']) expect(tryJsonParse(text)).toEqual({ ok: true, value: JSON.parse(text) });
    for (const text of ['', ' ', 'Here: {"a":1}', '{"a":1} done', '{"a":', '\uFEFF{}', '[1,]', '-', 'tru', 'nul', '"a', '\u00a0{}']) expect(tryJsonParse(text)).toEqual({ ok: false });
  });

  it('never refuses a text JSON.parse reads (the ends check only saves a throw)', () => {
    const around = fc.constantFrom('', ' ', '\n', '\t', '\r\n', ' \n ');
    fc.assert(
      fc.property(fc.json(), around, around, (json, before, after) => {
        const text = `${before}${json}${after}`;
        expect(endsCanBoundJson(text)).toBe(true);
        expect(tryJsonParse(text).ok).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('never refuses indented JSON (the first member is looked at past JSON whitespace)', () => {
    const indent = fc.constantFrom(0, 1, 2, '\t', ' \r');
    fc.assert(
      fc.property(fc.json(), indent, (json, space) => {
        const text = typeof space === 'string' ? JSON.stringify(JSON.parse(json), null, 1).replace(/\n /g, `\n${space}`) : JSON.stringify(JSON.parse(json), null, space);
        expect(tryJsonParse(text).ok).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses without a parse what fails at its first member', () => {
    for (const text of ['{ title: 1 }', "{\n  'a': 1}", '{\n  // note\n  "a": 1}', '[ , 1]', '[ undefined ]', '{\u00a0"a": 1}']) {
      expect(parses(text)).toBe(false);
      expect(endsCanBoundJson(text)).toBe(false);
    }
    for (const text of ['{ }', '[\n]', '[ -1 ]', '[ true ]', '[ null ]', '[ "a" ]', '[ [] ]', '[ {} ]', '{\t"a": 1 }']) expect(endsCanBoundJson(text)).toBe(true);
  });

  it('refuses without a parse what fails before its closing bracket', () => {
    for (const text of ['{"a": 1,}', "[1, 'x'\n]", '{"a": 1 // a comment\n}', '[1, x]', '{"a": 1 /* c */ }']) {
      expect(parses(text)).toBe(false);
      expect(endsCanBoundJson(text)).toBe(false);
    }
    for (const text of ['{"a": "x" }', '[1\n]', '[true]', '{"a": null}', '{"a": {}}', '[[]\t]']) expect(endsCanBoundJson(text)).toBe(true);
  });

  it('agrees with JSON.parse on any text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
      fc.json().map((j) => `x${j}`),
      // A bracket, JSON whitespace or not, then any text and the closing bracket.
      fc.tuple(fc.constantFrom('{', '['), fc.constantFrom('', ' ', '\n\t'), fc.string(), fc.json()).map(([open, space, middle, json]) => `${open}${space}${middle}${json}${open === '{' ? '}' : ']'}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(tryJsonParse(t).ok).toBe(parses(t));
      }),
      { numRuns: 5000 },
    );
  });
});
