import { scanText } from '@airlock/core/internal';
import { findExport, tryImport, type Optional } from './try-import.js';

export interface WasmScanner {
  scan(text: string): Int32Array;
  /** Number of scans that really ran in WASM, when the package exposes it. */
  calls(): number | null;
}

const PROBE = 'Intro\n```json\n{"a":[1,2]}\n```\n<TAG>x</TAG>\n[assistant] done\u001b[0m';

/**
 * The WASM scanner, initialised and checked against the JS scanner on a probe
 * text (a scanner that disagrees is reported, not measured).
 *
 * @example
 * const wasm = await loadWasmScanner(); if (wasm.available) wasm.value.scan(text);
 */
export async function loadWasmScanner(): Promise<Optional<WasmScanner>> {
  const scan = await findExport<(text: string) => Int32Array>('scan', ['@airlock/wasm-scanner']);
  if (!scan.available) return scan;
  const imported = await tryImport('@airlock/wasm-scanner');
  const mod = imported.ok ? imported.module : {};
  try {
    if (typeof mod.initSync === 'function') (mod.initSync as () => void)();
    else if (typeof mod.init === 'function') await (mod.init as () => Promise<void>)();
    const got = Array.from(scan.value(PROBE));
    const want = Array.from(scanText(PROBE));
    if (got.join() !== want.join()) return { available: false, reason: `WASM scan differs from the JS scanner on the probe (${got.join()} vs ${want.join()})` };
  } catch (error) {
    return { available: false, reason: `WASM scanner failed to initialise: ${(error as Error).message.split('\n')[0]}` };
  }
  const counter = mod.wasmScanCalls;
  return {
    available: true,
    source: scan.source,
    value: { scan: scan.value, calls: () => (typeof counter === 'function' ? Number((counter as () => number)()) : null) },
  };
}
