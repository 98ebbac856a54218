import { expect } from 'vitest';
import { scanText } from '@airlock/core/scan';
import { scan, wasmScanCalls } from '../wasm-scanner.js';

/** Spans as `kind:start-end` lines, so a failing diff reads like the scanner's output. */
function describeSpans(spans: Int32Array): string[] {
  const lines: string[] = [];
  for (let i = 0; i + 2 < spans.length; i += 3) lines.push(`${spans[i]}:${spans[i + 1]}-${spans[i + 2]}`);
  if (spans.length % 3 !== 0) lines.push(`dangling ${spans.length % 3} value(s)`);
  return lines;
}

function sameSpans(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Asserts that the WASM kernel ran exactly once for `text` and returned core's spans.
 *
 * @example
 * expectSameScan('<a>x</a>');
 */
export function expectSameScan(text: string): void {
  const expected = scanText(text);
  const before = wasmScanCalls();
  const actual = scan(text);
  expect(wasmScanCalls() - before).toBe(1);
  expect(actual).toBeInstanceOf(Int32Array);
  if (!sameSpans(actual, expected)) expect(describeSpans(actual)).toEqual(describeSpans(expected));
}
