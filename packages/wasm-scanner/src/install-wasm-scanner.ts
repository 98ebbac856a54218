import { registerWasmScanner } from '@airlock/core/scan';
import { findBalancedEnd, initSync, scan } from './wasm-scanner.js';

/**
 * Loads the kernel synchronously and registers it with core, which then scans inputs of at
 * least `WASM_CROSSOVER_LENGTH` code units with WASM (shorter ones stay on the JS scanner)
 * and finds the end of balanced JSON roots with it.
 *
 * @example
 * import { installWasmScanner } from '@airlock/wasm-scanner';
 * installWasmScanner();
 * safeParse(contract, longModelOutput); // scanned by WASM
 */
export function installWasmScanner(): void {
  initSync();
  registerWasmScanner({ scan, findBalancedEnd });
}
