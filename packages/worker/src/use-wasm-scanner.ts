/**
 * Registers the WASM scanner with core on this thread, once. A missing or
 * broken build of the kernel is not an error: core keeps its JS scanner,
 * which returns the same spans (differential tests in @airlock/wasm-scanner).
 */
import { installWasmScanner } from '@airlock/wasm-scanner';

let state: 'unknown' | 'wasm' | 'js' = 'unknown';

/**
 * @returns which scanner this thread uses from now on.
 * @example
 * useWasmScanner(); // 'wasm' after `turbo run build`, 'js' otherwise
 */
export function useWasmScanner(): 'wasm' | 'js' {
  if (state === 'unknown') {
    try {
      installWasmScanner();
      state = 'wasm';
    } catch {
      state = 'js';
    }
  }
  return state;
}
