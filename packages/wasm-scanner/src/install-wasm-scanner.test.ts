import { afterAll, describe, expect, it } from 'vitest';
import { registerWasmScanner, scanText, selectScan, WASM_CROSSOVER_LENGTH } from '@airlock/core/scan';
import { installWasmScanner } from './install-wasm-scanner.js';
import { wasmScanCalls } from './wasm-scanner.js';

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
});
