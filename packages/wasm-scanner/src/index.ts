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
