import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { holdsNoise, scanText, textHoldsNoise } from '@airlock/core/scan';
import { initSync, scan, wasmQuietScans, wasmScanCalls } from './wasm-scanner.js';
import { expectSameScan } from './test-support/expect-same-scan.js';
import { hostileText, quietText, tagFlood } from './test-support/hostile-text.js';

beforeAll(() => initSync());

describe('scan equals core scanText on generated hostile text', () => {
  it('fragments: fences, tags, prefixes, noise, surrogates, long lines', () => {
    const before = wasmScanCalls();
    fc.assert(fc.property(hostileText(80), (text) => expectSameScan(text)), { numRuns: 4000 });
    // Every run must have gone through the kernel, not just the last one.
    expect(wasmScanCalls() - before).toBeGreaterThanOrEqual(4000);
  });

  it('text without noise, which the kernel scans with its quiet loop (and text with noise, which it does not)', () => {
    const before = wasmQuietScans();
    fc.assert(fc.property(quietText(60), (text) => expectSameScan(text)), { numRuns: 4000 });
    expect(wasmQuietScans() - before).toBe(4000);
    // Noise met anywhere but on a fence line sends the kernel back to its general loop.
    const noisy = wasmQuietScans();
    for (const text of ['<a>x</a>\u001b[0m', '[200~{}', '```\n{}\n```\n\u0007', 'a\u007f']) expectSameScan(text);
    expect(wasmQuietScans() - noisy).toBe(0);
  });

  it('tag floods past the tracked-tag cap', () => {
    fc.assert(fc.property(tagFlood, (text) => expectSameScan(text)), { numRuns: 300 });
  });

  it('arbitrary UTF-16 (lone surrogates included)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => expectSameScan(text)), { numRuns: 1000 });
  });
});

describe('the scan tells whether a text holds noise (holdsNoise), as reading the text does', () => {
  it('on hostile text and arbitrary UTF-16, with the kernel and with core', () => {
    const text = fc.oneof(hostileText(80), fc.string({ unit: 'binary', maxLength: 200 }));
    fc.assert(
      fc.property(text, (t) => {
        const expected = textHoldsNoise(t);
        expect(holdsNoise(t, scan(t))).toBe(expected);
        expect(holdsNoise(t, scanText(t))).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('finds noise on a fence line, which the scan skips', () => {
    for (const t of ['```json\u001b[0m\n{}\n```', '```\n{}\n```\u0007', 'x\n```[200~\n{}\n```', '```\n{}\n']) {
      expect(holdsNoise(t, scan(t))).toBe(textHoldsNoise(t));
    }
    expect(holdsNoise('```json\u001b[0m\n{}\n```', scan('```json\u001b[0m\n{}\n```'))).toBe(true);
  });
});
