import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNonSpaceIndex } from './first-non-space.js';

const pieces = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\ufeff', '\u2028', '\u3000', 'a', '{', '<', '\u00e9', '\u0000', '\ud800', '');

describe('firstNonSpaceIndex', () => {
  it('finds what /\\S/ finds in the range', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }).map((p) => p.join('')), fc.nat(8), fc.nat(8), (text, a, b) => {
        const from = Math.min(a, text.length);
        const to = Math.min(text.length, from + b);
        const inRange = text.slice(from, to).search(/\S/);
        expect(firstNonSpaceIndex(text, from, to)).toBe(inRange < 0 ? -1 : from + inRange);
      }),
      { numRuns: 5000 },
    );
  });

  it('skips Unicode spaces and stops at the range end', () => {
    expect(firstNonSpaceIndex(' \u00a0\u3000x')).toBe(3);
    expect(firstNonSpaceIndex('  \u00a0 x', 0, 4)).toBe(-1);
    expect(firstNonSpaceIndex('')).toBe(-1);
  });
});
