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

  it('agrees with JSON.parse on any text', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))), fc.json().map((j) => `x${j}`));
    fc.assert(
      fc.property(text, (t) => {
        expect(tryJsonParse(t).ok).toBe(parses(t));
      }),
      { numRuns: 5000 },
    );
  });
});
