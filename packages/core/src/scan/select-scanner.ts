/**
 * Chooses between the JS scanner (the specification) and a registered WASM
 * scanner. Core never needs WASM to work: without registration every call
 * uses the JS scanner. Results are identical either way (differential tests
 * in @airlock/wasm-scanner).
 */
import { scanText } from './scan-text.js';

/** A scanner implementation with the same contract as {@link scanText}. */
export interface ScannerImpl {
  scan(text: string): Int32Array;
}

/**
 * Inputs at least this long use the WASM scanner when one is registered.
 * Placeholder until the bench measures the crossover (see packages/bench).
 */
export const WASM_CROSSOVER_LENGTH = 2048;

let wasm: ScannerImpl | null = null;

/**
 * Registers a WASM scanner (or `null` to go back to JS only).
 *
 * @example
 * import { init, scan } from '@airlock/wasm-scanner';
 * await init();
 * registerWasmScanner({ scan });
 */
export function registerWasmScanner(impl: ScannerImpl | null): void {
  wasm = impl;
}

/** Scans with WASM at or above the crossover length when registered, JS otherwise. */
export function selectScan(text: string): Int32Array {
  if (wasm !== null && text.length >= WASM_CROSSOVER_LENGTH) return wasm.scan(text);
  return scanText(text);
}
