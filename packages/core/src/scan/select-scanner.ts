/**
 * Chooses between the JS scanner (the specification) and a registered WASM
 * scanner. Core never needs WASM to work: without registration every call
 * uses the JS scanner. Results are identical either way (differential tests
 * in @airlock/wasm-scanner).
 */
import { findBalancedEnd } from './find-balanced-end.js';
import { scanText } from './scan-text.js';

/** A scanner implementation with the same contract as {@link scanText} (and {@link findBalancedEnd}, when given). */
export interface ScannerImpl {
  scan(text: string): Int32Array;
  findBalancedEnd?(text: string, start: number, limit: number): number;
}

/**
 * Inputs at least this long use the WASM scanner when one is registered. Measured on the
 * bench corpus's outputs (Node 20, 2 shared cores, built packages, about 1.5-1.7 KB each, copy
 * included), µs per call, JS vs WASM: fenced JSON 2.2 vs 0.9, tagged 2.0 vs 0.8, with terminal
 * noise 4.4 vs 1.2, transcripts 8.8 vs 3.8, when most of the JS figure was its noise test (a
 * regex over every code unit). With that test one `indexOf` per noise character, the kernel
 * still scans real run-log outputs 2.0–2.8× faster by size (bench, 2026-11-29): it tests for
 * noise in the same SIMD pass that skips plain text. WASM wins at every size, so there is no crossover. When the caller already knows the
 * text holds no noise (see {@link selectScan}), the JS quiet loop is faster still (0.4 µs on
 * the same fenced outputs) and is used instead.
 */
export const WASM_CROSSOVER_LENGTH = 0;

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

/**
 * Whether a WASM scanner is registered. Its scan reports the first noise token too, in the
 * same pass that finds the spans, for less than the regex that looks for noise costs: a
 * caller that needs both asks the scan.
 *
 * @example
 * hasWasmScanner() // false until registerWasmScanner
 */
export function hasWasmScanner(): boolean {
  return wasm !== null;
}

/**
 * `findBalancedEnd` with the registered scanner's when it has one (about twice the JS loop's
 * speed on 2 KB agent outputs, copy included), JS otherwise.
 *
 * @example
 * selectBalancedEnd('x {"a":"}"} y', 2, 13) // 11
 */
export function selectBalancedEnd(text: string, start: number, limit: number): number {
  return wasm?.findBalancedEnd !== undefined ? wasm.findBalancedEnd(text, start, limit) : findBalancedEnd(text, start, limit);
}

/**
 * Scans with WASM at or above the crossover length when registered, JS otherwise. With `quiet`
 * (the caller knows the text holds no noise, as in {@link scanText}) the JS quiet loop runs
 * whether or not WASM is registered: with no noise test left to do, it is the faster one.
 */
export function selectScan(text: string, quiet = false): Int32Array {
  if (!quiet && wasm !== null && text.length >= WASM_CROSSOVER_LENGTH) return wasm.scan(text);
  return scanText(text, quiet);
}
