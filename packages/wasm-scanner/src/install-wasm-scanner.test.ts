import { afterAll, describe, expect, it } from 'vitest';
import { safeParse } from '@airlock/core';
import { findBalancedEnd, registerWasmScanner, scanText, selectBalancedEnd, selectScan, WASM_CROSSOVER_LENGTH } from '@airlock/core/scan';
import { installWasmScanner } from './install-wasm-scanner.js';
import { wasmBalancedCalls, wasmScanCalls } from './wasm-scanner.js';

afterAll(() => registerWasmScanner(null));

describe('installWasmScanner', () => {
  it('makes core scan inputs at or above the crossover with WASM, same spans', () => {
    installWasmScanner();
    const unit = 'Here:\n```json\n{"a":[1,2]}\n```\n<answer>x</answer>\n';
    const text = unit.repeat(Math.ceil((WASM_CROSSOVER_LENGTH + 1) / unit.length));
    const before = wasmScanCalls();
    expect(Array.from(selectScan(text))).toEqual(Array.from(scanText(text)));
    expect(wasmScanCalls()).toBe(before + 1);
  });

  it('leaves inputs below the crossover on the JS scanner', () => {
    installWasmScanner();
    const before = wasmScanCalls();
    if (WASM_CROSSOVER_LENGTH > 0) {
      selectScan('x'.repeat(WASM_CROSSOVER_LENGTH - 1));
      expect(wasmScanCalls()).toBe(before);
    } else {
      selectScan('');
      expect(wasmScanCalls()).toBe(before + 1);
    }
  });

  it('leaves a text the caller knows to be quiet to the JS quiet loop, same spans', () => {
    installWasmScanner();
    const text = 'Here:\n```json\n{"a":[1,2]}\n```\n<answer>x</answer>\n';
    const before = wasmScanCalls();
    expect(Array.from(selectScan(text, true))).toEqual(Array.from(scanText(text)));
    expect(wasmScanCalls()).toBe(before);
  });

  it('makes core find balanced JSON roots with WASM, same ends', () => {
    installWasmScanner();
    const texts: [string, number][] = [['x {"a":"}"} y', 2], ['Result: [1, [2, {"b": "]"}]] and more', 8], ['{"open": [1, 2', 0], ['] stray', 0]];
    const before = wasmBalancedCalls();
    for (const [text, start] of texts) expect(selectBalancedEnd(text, start, text.length)).toBe(findBalancedEnd(text, start, text.length));
    expect(wasmBalancedCalls()).toBe(before + texts.length);
    registerWasmScanner(null);
    expect(selectBalancedEnd('{"a":1}', 0, 7)).toBe(7);
    expect(wasmBalancedCalls()).toBe(before + texts.length);
  });

  it('answers the pipeline whether prose-first text holds noise, with the same results as the regex', () => {
    // Any value validates: the results then show what was read, and from which candidate.
    const anything = { '~standard': { version: 1 as const, vendor: 'airlock-test', validate: (value: unknown) => ({ value }) } };
    const texts = [
      'Summary follows:\n```yaml\na: 1\nb: [x]\n```\n',
      'a: 1\nb: two\n',
      'a: 1\nb: two\u001b[0m\n',
      'Note: \u0007 see below\n```json\n{"a": 1}\n```',
      'Result:\n```yaml\u001b[0m\na: 1\n```',
    ];
    for (const text of texts) {
      registerWasmScanner(null);
      const withRegex = safeParse(text, anything);
      installWasmScanner();
      const before = wasmScanCalls();
      expect(safeParse(text, anything)).toEqual(withRegex);
      expect(wasmScanCalls()).toBeGreaterThan(before);
    }
  });
});
