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

describe('the kernel classifies every code unit as the JS scanner does', () => {
  // The kernel reads 16 code units at a time, clamped to a byte: each of the 65,536 values, in
  // the wide lanes and in the 8-lane and one-by-one tails, must stop a loop (or not) as in JS.
  // Two lines each: one a fence line, so the value is met by both loops, inside and outside a fence.
  it('each UTF-16 code unit, in the quiet loop and in the general loop, in every lane width', () => {
    for (let c = 0; c < 0x10000; c++) {
      const unit = String.fromCharCode(c);
      const line = `key ${unit} [ < x\n`;
      const text = `abcdefghijklmnopq${unit}rst\n${line}${'`'.repeat(3)}\n${line}${'`'.repeat(3)}\n${unit}<a>${unit}</a>`;
      expectSameScan(text);
      // Noise first: the general loop reads all of it.
      expectSameScan(`\u001b[0m${text}`);
    }
  });

  it('a stop at each of the 16 lanes of a wide read', () => {
    for (const stop of ['<', '[', '`', '\u0000', '\u001b', '\u007f', '\n', '\t', '\r', '\u00ff', '\u0100', '\u803c', '\ud800']) {
      for (let lane = 0; lane < 20; lane++) expectSameScan(`${'x'.repeat(lane)}${stop}${'y'.repeat(40)}\n<t>z</t>`);
    }
  });
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
