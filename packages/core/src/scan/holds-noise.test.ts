import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNoiseIndex, parsedJsonHoldsNoise, textHoldsNoise } from './holds-noise.js';

/** The definition read literally: the first C0 control but tab, LF and CR, DEL, or paste marker. */
function referenceFirstNoise(text: string): number {
  const control = text.search(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/);
  const paste = text.search(/\[20[01]~/);
  return control < 0 ? paste : paste < 0 ? control : Math.min(control, paste);
}

/** Every code unit the search treats alike or apart: each noise character, their neighbours, a two-byte one. */
const piece = fc.oneof(
  fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\x7e', '\x7f', '\x80', '\u2019', '[200~', '[201~', '[202~', '[20', '~', '{"a": 1}'),
  fc.string({ maxLength: 40 }),
);
/** Plain filler, so that texts cross the length where the search changes method. */
const filler = fc.integer({ min: 0, max: 400 }).map((n) => 'x'.repeat(n));
const text = fc.array(fc.oneof(piece, filler), { maxLength: 12 }).map((parts) => parts.join(''));

describe('firstNoiseIndex', () => {
  it('finds the first noise code unit at every length, in one-byte and two-byte texts', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(firstNoiseIndex(t)).toBe(referenceFirstNoise(t));
        expect(textHoldsNoise(t)).toBe(referenceFirstNoise(t) >= 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the earliest of several noise characters in a long text', () => {
    const long = 'a'.repeat(300);
    expect(firstNoiseIndex(`${long}\x7f${long}\x1b${long}\x00`)).toBe(300);
    expect(firstNoiseIndex(`${long}\x00${long}\x1b`)).toBe(300);
    expect(firstNoiseIndex(`${long}\u2019[200~${long}\x1f`)).toBe(301);
    expect(firstNoiseIndex(`${long}\t\n\r${long}`)).toBe(-1);
  });
});

describe('parsedJsonHoldsNoise', () => {
  it('agrees with the definition on any text JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.jsonValue(), text, (value, inner) => {
        const json = JSON.stringify({ value, inner });
        expect(parsedJsonHoldsNoise(json)).toBe(referenceFirstNoise(json) >= 0);
      }),
    );
  });
});
