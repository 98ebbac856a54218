/**
 * Loader for the AssemblyScript scanner kernel (assembly/index.ts), in the style of
 * es-module-lexer: `init()` or `initSync()` once, then `scan(text)`. The text is copied
 * into linear memory as UTF-16 code units, so output offsets equal JS string indices;
 * the input buffer is reused across calls and memory grows only when a text outgrows it.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

/** Exports of build/scanner.wasm. */
interface Kernel {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  inputPtr(): number;
  outputPtr(): number;
  scanCount(): number;
  quietCount(): number;
  balancedCount(): number;
  scan(len: number): number;
  balancedEnd(len: number): number;
}

/**
 * The slice of the WebAssembly API used here, typed locally: the repo's `lib` (ES2023, no
 * DOM) does not declare the global, and a local type cannot clash with one that does.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => WasmInstance;
  instantiate(bytes: Uint8Array): Promise<{ instance: WasmInstance }>;
}
interface WasmInstance {
  exports: unknown;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The .wasm sits in build/, a sibling of both src/ (tests) and dist/ (published). */
const WASM_URL = new URL('../build/scanner.wasm', import.meta.url);

let kernel: Kernel | null = null;
let inputPtr = 0;
// Views over memory.buffer. A memory.grow (ours, or the kernel's for a long output) detaches
// the old buffer, whose byteLength then reads 0: the views are refreshed only then, so a call
// does not pay for fetching memory.buffer from the engine.
let buffer: ArrayBuffer | null = null;
let bytes: Buffer = Buffer.alloc(0);
let words = new Int32Array(0);

function setKernel(instance: WasmInstance): void {
  kernel = instance.exports as Kernel;
  inputPtr = kernel.inputPtr();
  buffer = null;
}

function ready(): Kernel {
  if (kernel === null) {
    throw new Error('@airlock/wasm-scanner: call init() or initSync() before scan() / findBalancedEnd().');
  }
  return kernel;
}

/** The current memory buffer, with the byte and i32 views over it refreshed after a grow. */
function currentBuffer(k: Kernel): ArrayBuffer {
  if (buffer === null || buffer.byteLength === 0) {
    buffer = k.memory.buffer;
    bytes = Buffer.from(buffer);
    words = new Int32Array(buffer);
  }
  return buffer;
}

/** Copies `text[start, end)` to the input buffer, growing memory when it does not fit. */
function copyIn(k: Kernel, text: string, start: number, end: number): void {
  const need = inputPtr + (end - start) * 2;
  const have = currentBuffer(k).byteLength;
  // Headroom for the output too, so a typical scan never grows memory from inside the kernel.
  if (need + 65536 > have) {
    k.memory.grow(Math.ceil((need + 65536 - have) / 65536));
    currentBuffer(k);
  }
  // Node's UCS-2 write copies code units verbatim (lone surrogates included); measured against
  // a charCodeAt loop into a Uint16Array it wins from ~32 code units on (60 vs 660 ns at 256,
  // 33 µs vs 2.6 ms at 1 MB) and loses ~20 ns below.
  bytes.write(start === 0 && end === text.length ? text : text.slice(start, end), inputPtr, 'utf16le');
}

/**
 * Loads the kernel asynchronously. Safe to call more than once.
 *
 * @example
 * await init();
 * scan('<answer>{"a":1}</answer>');
 */
export async function init(): Promise<void> {
  if (kernel !== null) return;
  const { instance } = await wasmApi.instantiate(await readFile(WASM_URL));
  if (kernel === null) setKernel(instance);
}

/**
 * Loads the kernel synchronously (compiles on the calling thread). Safe to call more than once.
 *
 * @example
 * initSync();
 * scan('```json\n{}\n```');
 */
export function initSync(): void {
  if (kernel !== null) return;
  setKernel(new wasmApi.Instance(new wasmApi.Module(readFileSync(WASM_URL))));
}

/**
 * Scans `text` like core's `scanText`: a flat `Int32Array` of `[kind, start, end, …]`,
 * identical span for span. Throws only when the kernel is not initialised.
 *
 * @example
 * initSync();
 * scan('x <a>y</a>') // Int32Array [7, 2, 5, 8, 5, 6, 9, 6, 10]
 */
export function scan(text: string): Int32Array {
  const k = ready();
  copyIn(k, text, 0, text.length);
  const count = k.scan(text.length);
  // Copied out: the next call reuses this memory. The kernel may have grown it for a long output.
  currentBuffer(k);
  const at = k.outputPtr() >>> 2;
  return words.slice(at, at + count);
}

/**
 * Same as core's `findBalancedEnd`: end (exclusive) of the balanced JSON value opening at
 * `start`, or -1 when it does not close before `limit`. Offsets are integers; only
 * `text[start, limit)` is copied.
 *
 * @example
 * initSync();
 * findBalancedEnd('x {"a":"}"} y', 2, 13) // 11
 */
export function findBalancedEnd(text: string, start: number, limit: number): number {
  const k = ready();
  // Outside [0, text.length) core reads NaN, which changes nothing: clamping is equivalent.
  const from = Math.max(start, 0);
  const to = Math.min(limit, text.length);
  if (!(from < to)) return -1;
  copyIn(k, text, from, to);
  const end = k.balancedEnd(to - from);
  return end < 0 ? -1 : end + from;
}

/**
 * Kernel `scan` entries since load, counted inside the WASM module: tests use it to prove
 * the WASM path ran rather than a silent fallback.
 *
 * @example
 * const before = wasmScanCalls(); scan('x'); wasmScanCalls() - before // 1
 */
export function wasmScanCalls(): number {
  return kernel === null ? 0 : kernel.scanCount();
}

/**
 * Kernel scans since load that the quiet loop finished (text without noise; see the kernel's
 * `scanQuiet`): tests use it to prove both of the kernel's loops ran.
 *
 * @example
 * const before = wasmQuietScans(); scan('<a>x</a>'); wasmQuietScans() - before // 1
 */
export function wasmQuietScans(): number {
  return kernel === null ? 0 : kernel.quietCount();
}

/**
 * Kernel `findBalancedEnd` entries since load (see {@link wasmScanCalls}).
 *
 * @example
 * const before = wasmBalancedCalls(); findBalancedEnd('{}', 0, 2); wasmBalancedCalls() - before // 1
 */
export function wasmBalancedCalls(): number {
  return kernel === null ? 0 : kernel.balancedCount();
}

/**
 * Whether `init()` / `initSync()` has loaded the kernel.
 *
 * @example
 * if (!isWasmReady()) initSync();
 */
export function isWasmReady(): boolean {
  return kernel !== null;
}
