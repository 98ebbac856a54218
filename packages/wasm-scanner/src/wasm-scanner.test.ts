import { describe, expect, it } from 'vitest';
import { scanText } from '@airlock/core/scan';
import { findBalancedEnd, init, initSync, isWasmReady, scan, wasmBalancedCalls, wasmScanCalls } from './wasm-scanner.js';

// Runs in its own module instance (vitest isolates test files), so the first test sees
// the kernel unloaded.
describe('loader', () => {
  it('throws a clear error before init', () => {
    expect(isWasmReady()).toBe(false);
    expect(wasmScanCalls()).toBe(0);
    expect(() => scan('x')).toThrow(/call init\(\) or initSync\(\)/);
    expect(() => findBalancedEnd('{}', 0, 2)).toThrow(/call init\(\) or initSync\(\)/);
  });

  it('init() loads the kernel asynchronously, then scan runs in WASM', async () => {
    await Promise.all([init(), init()]);
    expect(isWasmReady()).toBe(true);
    const text = 'Sure!\n```json\n{"a":1}\n```\n<answer>{"b":2}</answer>\u001b[0m';
    const before = wasmScanCalls();
    expect(Array.from(scan(text))).toEqual(Array.from(scanText(text)));
    expect(wasmScanCalls()).toBe(before + 1);
    const balancedBefore = wasmBalancedCalls();
    expect(findBalancedEnd(text, 14, text.length)).toBe(21);
    expect(wasmBalancedCalls()).toBe(balancedBefore + 1);
  });

  it('initSync() after init() keeps the same instance (counters keep counting)', () => {
    const before = wasmScanCalls();
    initSync();
    scan('x');
    expect(wasmScanCalls()).toBe(before + 1);
  });
});
