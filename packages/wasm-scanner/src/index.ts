/**
 * @airlock/wasm-scanner: the span scanner of `@airlock/core` compiled to WebAssembly, span for
 * span equal to core's JavaScript scanner. Core never needs it; registered, it scans every
 * output and finds the end of balanced JSON roots.
 *
 * @example
 * import { installWasmScanner } from '@airlock/wasm-scanner';
 * installWasmScanner(); // loads the kernel synchronously and registers it with core
 *
 * @module @airlock/wasm-scanner
 */
export {
  init,
  initSync,
  scan,
  findBalancedEnd,
  wasmScanCalls,
  wasmBalancedCalls,
  isWasmReady,
} from './wasm-scanner.js';
export { installWasmScanner } from './install-wasm-scanner.js';
