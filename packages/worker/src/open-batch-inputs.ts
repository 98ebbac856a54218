/**
 * The inputs of one run: one run log (a file, a byte range of one, or stdin) or
 * several files read one after the other into one output. Also decides the
 * default thread count from their size, and fingerprints them, so an output
 * can tell which log it was made from (`airlock diff` refuses outputs of
 * different logs; `--resume` refuses another input).
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { BatchError, describeIoError } from './batch-error.js';
import { threadsPerCore } from './batch-pool.js';
import { openInputBytes, sniff, STDIN, type InputBytes } from './open-input-bytes.js';
import type { InputRange } from './types.js';

/**
 * Plain input below this size runs inline by default, and with explicit threads from the CLI:
 * starting threads would cost more than they save. Each worker thread is a fresh V8 isolate that
 * loads the modules and optimizes the pipeline's code again, and on 2 cores two busy threads
 * each run slower than one alone. Measured 2026-11-27 (0.1.0, the built CLI, one fresh process
 * per run, `--threads 2` against inline, 2 cores, best or median of 3–5): inline won at 20 MB
 * (1.26 vs 1.40 s) and at 32 MB (1.67 vs 1.74 s); 2 threads won at 64 MB (2.49 vs 2.65 s) and at
 * 100 MB (3.39 vs 3.74 s). 48 MiB sits between; the bench's crossover sweep measures it again.
 */
export const INLINE_BELOW_BYTES = 48 * 1024 * 1024;

/** Gzip logs expand several times: their threshold is on this fraction of the file size. */
const GZIP_EXPANSION = 8;

/** Bytes hashed at each end of a file for its fingerprint. */
const FINGERPRINT_SPAN = 1024 * 1024;

/** The opened inputs of a run. */
export interface BatchInputs {
  /** The paths as given. */
  files: readonly string[];
  /** One per file, in order; opened at once so a missing file fails before anything is written. */
  bytes: InputBytes[];
  /** Sum of the sizes (bytes of the range for a shard); undefined for stdin. */
  size: number | undefined;
  /** Size of the files before each one (offsets for progress). */
  before: number[];
  close(): void;
}

/**
 * Opens every input (checking each exists and is readable) before any output is touched.
 *
 * @example
 * const inputs = await openBatchInputs(['a.jsonl', 'b.jsonl.gz']);
 * inputs.size; // bytes of both files
 */
export async function openBatchInputs(files: readonly string[], range?: InputRange): Promise<BatchInputs> {
  if (files.length === 0) throw new BatchError('usage', 'a batch needs at least one input');
  if (files.length > 1) {
    if (files.includes(STDIN)) throw new BatchError('usage', 'stdin (-) cannot be one of several inputs: save it to a file first');
    if (range !== undefined) throw new BatchError('usage', 'a byte range applies to a single input');
  }
  const bytes: InputBytes[] = [];
  try {
    for (const file of files) bytes.push(await openInputBytes(file, range));
  } catch (error) {
    for (const input of bytes) input.close();
    throw error;
  }
  const before: number[] = [];
  let size: number | undefined = 0;
  for (const input of bytes) {
    before.push(size ?? 0);
    size = size === undefined || input.size === undefined ? undefined : size + input.size;
  }
  return { files, bytes, size, before, close: () => bytes.forEach((input) => input.close()) };
}

/** A file's size as plain text: a gzip file counts {@link GZIP_EXPANSION} times its size. */
function plainSize(size: number, gzip: boolean): number {
  return gzip ? size * GZIP_EXPANSION : size;
}

/**
 * The inputs' size as plain text (see {@link plainSize}), or
 * undefined when one has no size (stdin).
 */
function plainBytesOf(inputs: BatchInputs): number | undefined {
  let plainBytes = 0;
  for (const input of inputs.bytes) {
    if (input.size === undefined) return undefined;
    plainBytes += plainSize(input.size, input.gzip);
  }
  return plainBytes;
}

/**
 * The files' size as plain text (a gzip file counts eight times its size), before they are opened; undefined
 * for stdin or a file that cannot be read (the run itself then says why).
 *
 * @example
 * await plainSizeOf(['log.jsonl.gz']) // 8 × the file's size
 */
export async function plainSizeOf(files: readonly string[]): Promise<number | undefined> {
  let plainBytes = 0;
  for (const file of files) {
    if (file === STDIN) return undefined;
    const sniffed = await sniff(file).catch(() => undefined);
    if (sniffed === undefined) return undefined;
    plainBytes += plainSize(sniffed.size, sniffed.gzip);
  }
  return plainBytes;
}

/**
 * Worker threads when the caller sets none: inline below {@link INLINE_BELOW_BYTES} of
 * (plain-equivalent) input, else one per available core; stdin has no size and gets threads.
 *
 * @example
 * defaultThreads(await openBatchInputs(['small.jsonl'])); // 0
 */
export function defaultThreads(inputs: BatchInputs): number {
  return threadsFor(inputs, threadsPerCore(), INLINE_BELOW_BYTES);
}

/**
 * `threads`, or 0 (inline) when the inputs are known to be smaller than `inlineBelowBytes`: a
 * log the calling thread reads through before a thread has started gains nothing from threads.
 *
 * @example
 * threadsFor(await openBatchInputs(['small.jsonl']), 2, INLINE_BELOW_BYTES); // 0
 */
export function threadsFor(inputs: BatchInputs, threads: number, inlineBelowBytes: number): number {
  return threadsForSize(plainBytesOf(inputs), threads, inlineBelowBytes);
}

/**
 * The same rule from a run's plain size (undefined when unknown, as for stdin), for a caller
 * that decides before the inputs are opened (the CLI tunes its process by it, see `plainSizeOf`).
 *
 * @example
 * threadsForSize(20 * 1024 * 1024, 2, INLINE_BELOW_BYTES); // 0
 * threadsForSize(undefined, 2, INLINE_BELOW_BYTES);        // 2
 */
export function threadsForSize(plainBytes: number | undefined, threads: number, inlineBelowBytes: number): number {
  return plainBytes !== undefined && plainBytes < inlineBelowBytes ? 0 : threads;
}

async function fingerprintFile(path: string, hash: ReturnType<typeof createHash>): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    hash.update(`${size}\0`);
    const head = Buffer.alloc(Math.min(size, FINGERPRINT_SPAN));
    await handle.read(head, 0, head.length, 0);
    hash.update(head);
    if (size > FINGERPRINT_SPAN) {
      const tail = Buffer.alloc(Math.min(size - FINGERPRINT_SPAN, FINGERPRINT_SPAN));
      await handle.read(tail, 0, tail.length, size - tail.length);
      hash.update(tail);
    }
  } catch (error) {
    throw new BatchError('input', `cannot read input ${path}: ${describeIoError(error)}`);
  } finally {
    await handle?.close();
  }
}

/**
 * A fingerprint of the input files as stored (sha256 over each file's size, its first and
 * its last MiB, so a 10 GB log costs 2 MiB of reading, not a second pass): it tells two logs
 * apart, it does not prove two logs equal byte for byte. Null for stdin, which cannot be read twice.
 *
 * @example
 * await fingerprintInputs(['runs.jsonl']); // 'sha256:3f2a…'
 */
export async function fingerprintInputs(files: readonly string[]): Promise<string | null> {
  if (files.includes(STDIN)) return null;
  const hash = createHash('sha256');
  for (const file of files) await fingerprintFile(file, hash);
  return `sha256:${hash.digest('hex')}`;
}
