import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findBalancedEnd as coreFindBalancedEnd } from '@airlock/core/scan';
import { findBalancedEnd, initSync, wasmBalancedCalls } from './wasm-scanner.js';

beforeAll(() => initSync());

/** Asserts WASM equals core for one call and reports whether the kernel ran. */
function expectSame(text: string, start: number, limit: number): boolean {
  const before = wasmBalancedCalls();
  expect(findBalancedEnd(text, start, limit)).toBe(coreFindBalancedEnd(text, start, limit));
  return wasmBalancedCalls() > before;
}

const CASES: readonly (readonly [text: string, start: number, limit: number])[] = [
  ['x {"a":"}"} y', 2, 13],
  ['{"a":[1,{"b":2}]}', 0, 17],
  ['[1, [2, [3]]]', 0, 13],
  ['{"a": "\\"}"}', 0, 12],
  ['{"a": "\\\\"}', 0, 11],
  ['{"a": 1', 0, 7],
  ['{"a": 1}', 0, 7],
  ['}{', 0, 2],
  ['{]', 0, 2],
  ['{"a":"\\', 0, 7],
  ['{"🎉": "\ud800"}', 0, 13],
  ['', 0, 0],
  ['{}', 2, 2],
  ['{}', 1, 0],
  ['  {"a":1}', -4, 9],
  ['{"a":1}', 0, 50],
  ['{"a":1}', -3, 50],
  ['"{}"{}', 0, 6],
];

describe('findBalancedEnd equals core', () => {
  it.each(CASES)('%j from %i to %i', (text, start, limit) => {
    expectSame(text, start, limit);
  });

  it('runs the kernel for a non-empty range', () => {
    expect(expectSame('{"a":[1,2]}', 0, 11)).toBe(true);
  });

  it('matches on generated JSON-ish text with offsets in and out of range', () => {
    const jsonish = fc.string({
      unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', 'a', ' ', '\n', '🎉', '\udc00'),
      maxLength: 200,
      size: 'max',
    });
    const before = wasmBalancedCalls();
    let ranInKernel = 0;
    fc.assert(
      fc.property(jsonish, fc.integer({ min: -3, max: 210 }), fc.integer({ min: -3, max: 210 }), (text, start, limit) => {
        if (expectSame(text, start, limit)) ranInKernel++;
      }),
      { numRuns: 3000 },
    );
    // Empty ranges answer -1 without entering the kernel; most generated ranges are not empty.
    expect(ranInKernel).toBe(wasmBalancedCalls() - before);
    expect(ranInKernel).toBeGreaterThan(500);
  });

  it('matches JSON values embedded in prose', () => {
    const doc = fc.json().map((json) => `Result: ${json} done`);
    fc.assert(
      fc.property(doc, (text) => {
        const start = 8;
        expect(expectSame(text, start, text.length) || start >= text.length).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
