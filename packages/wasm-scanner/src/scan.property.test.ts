import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initSync, wasmScanCalls } from './wasm-scanner.js';
import { expectSameScan } from './test-support/expect-same-scan.js';
import { hostileText, tagFlood } from './test-support/hostile-text.js';

beforeAll(() => initSync());

describe('scan equals core scanText on generated hostile text', () => {
  it('fragments: fences, tags, prefixes, noise, surrogates, long lines', () => {
    const before = wasmScanCalls();
    fc.assert(fc.property(hostileText(80), (text) => expectSameScan(text)), { numRuns: 4000 });
    // Every run must have gone through the kernel, not just the last one.
    expect(wasmScanCalls() - before).toBeGreaterThanOrEqual(4000);
  });

  it('tag floods past the tracked-tag cap', () => {
    fc.assert(fc.property(tagFlood, (text) => expectSameScan(text)), { numRuns: 300 });
  });

  it('arbitrary UTF-16 (lone surrogates included)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => expectSameScan(text)), { numRuns: 1000 });
  });
});
