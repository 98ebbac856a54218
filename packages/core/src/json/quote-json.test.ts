import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteJson } from './quote-json.js';

describe('quoteJson', () => {
  it('writes what JSON.stringify writes, for any string (lone surrogates, controls, quotes)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\u0000', '\u001f', ' ', '\ud800', '\udc00', '😀', '\u2028', 'é'), maxLength: 20 }));
    fc.assert(
      fc.property(text, (t) => {
        expect(quoteJson(t)).toBe(JSON.stringify(t));
      }),
      { numRuns: 3000 },
    );
  });
});
