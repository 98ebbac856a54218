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
 * Inputs at least this long use the WASM scanner when one is registered. Measured (Node 20,
 * 2 shared cores, best of 9 rounds, UTF-16 copy and result copy included; agent text =
 * prose + fences + tags + JSON + prefixes): JS vs WASM per call
 *   0 B 0.57 vs 0.35 µs (1.6×) · 64 B 1.1 vs 0.52 µs (2.1×) · 256 B 5.1 vs 0.47 µs (11×) ·
 *   2 KB 40 vs 2.6 µs (16×) · 64 KB 1.1 ms vs 63 µs (18×) · 1 MB 18 vs 1.8 ms (10×);
 *   plain prose and JSON gave 1.1–4× below 256 B and 11–33× from 2 KB up.
 * WASM wins at every size, even the empty string (the JS scanner allocates its buffers per
 * call), so there is no crossover: every input goes to WASM once it is registered.
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
 * Scans with WASM at or above the crossover length when registered, JS otherwise; `quiet` as
 * in {@link scanText} (the caller knows the text holds no noise).
 */
export function selectScan(text: string, quiet = false): Int32Array {
  if (wasm !== null && text.length >= WASM_CROSSOVER_LENGTH) return wasm.scan(text);
  return scanText(text, quiet);
}
