import { beforeAll, describe, expect, it } from 'vitest';
import { scanText } from '@airlock/core/scan';
import { initSync, scan } from './wasm-scanner.js';
import { expectSameScan } from './test-support/expect-same-scan.js';
import { loadScannerFixtures } from './test-support/scanner-fixtures.js';
import { TRICKY_INPUTS } from './test-support/tricky-inputs.js';

beforeAll(() => initSync());

const fixtures = loadScannerFixtures();

describe('scan equals core scanText on every core fixture input', () => {
  it('finds the fixtures (a broken glob must not pass vacuously)', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  it.each(fixtures)('$name', ({ text }) => expectSameScan(text));
});

describe('scan equals core scanText on hand-written edge cases', () => {
  it.each(TRICKY_INPUTS)('%s', (_name, text) => expectSameScan(text));
});

describe('scan across calls', () => {
  it('does not leak state from a longer previous input', () => {
    const long = '<a>' + '```\n'.repeat(500) + 'x'.repeat(70_000);
    const short = '<b>x';
    scan(long);
    expectSameScan(short);
    expectSameScan(long);
    expectSameScan(short);
  });

  it('returns a fresh array the next call does not overwrite', () => {
    const first = scan('<a>x</a>');
    const copy = Array.from(first);
    scan('```json\n{}\n```\n<b>y</b>');
    expect(Array.from(first)).toEqual(copy);
  });

  it('grows memory from the kernel when the output outruns the input headroom', () => {
    // 3 spans (36 bytes) per 8 code units (16 bytes): 1.8 MB of output for a 0.8 MB copy,
    // far past the 64 KiB headroom and any memory an earlier, smaller input left behind.
    const text = '```\n```\n'.repeat(50_000);
    expectSameScan(text);
    expect(scan(text).length).toBe(scanText(text).length);
  });
});
