import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { findInvalidUtf8 } from './find-invalid-utf8.js';

describe('findInvalidUtf8', () => {
  it('finds a stray byte, a cut sequence, an overlong form and a surrogate', () => {
    expect(findInvalidUtf8(Buffer.from([0x61, 0xff, 0x62]), 0, 3)).toBe(1);
    expect(findInvalidUtf8(Buffer.from([0x61, 0xc3]), 0, 2)).toBe(1);
    expect(findInvalidUtf8(Buffer.from([0xc0, 0xaf]), 0, 2)).toBe(0);
    expect(findInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]), 0, 3)).toBe(0);
    expect(findInvalidUtf8(Buffer.from('x é 😀'), 0, Buffer.byteLength('x é 😀'))).toBe(-1);
  });

  it('agrees with node:buffer isUtf8 on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        expect(findInvalidUtf8(bytes, 0, bytes.length) === -1).toBe(isUtf8(bytes));
      }),
      { numRuns: 5000 },
    );
  });
});
