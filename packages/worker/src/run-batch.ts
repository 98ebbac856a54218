/**
 * The streaming batch runner: reads a run log line by line, sends chunks to a
 * thread pool, and commits results in input order, each commit followed by an
 * atomic checkpoint. At most `maxChunksInFlight` chunks exist at any time, so
 * memory stays flat whatever the size of the log.
 */
import { availableParallelism } from 'node:os';
import { writeFile, type FileHandle } from 'node:fs/promises';
import { airlockVersion } from './airlock-version.js';
import { mergeCounts } from './batch-counts.js';
import { BATCH_FORMAT_VERSION } from './batch-format.js';
import { BatchError, describeIoError } from './batch-error.js';
import { checkpointPath, removeCheckpoint, writeCheckpoint } from './checkpoint.js';
import { createChunkRunner, type ChunkRunner } from './create-chunk-runner.js';
import { importContract, prepareContractRef, resolveContractRef } from './load-contract.js';
import { guardBatchOutput, type OutputGuard } from './guard-batch-output.js';
import { openBatchOutput, type BatchOutput } from './open-batch-output.js';
import { cutLineRanges, type LineRange } from './cut-line-ranges.js';
import { openInputBytes, STDIN, type InputBytes } from './open-input-bytes.js';
import type { ChunkOutput } from './process-chunk.js';
import type { BatchMetadata, BatchStats, ContractRef, RunBatchOptions } from './types.js';

/** Default lines per chunk: large enough to amortize a thread hop, small enough to keep memory low. */
export const DEFAULT_CHUNK_SIZE = 256;

/** A chunk also ends at the first line end past this many bytes, so long records keep chunks (and memory) bounded. */
export const MAX_CHUNK_BYTES = 1024 * 1024;

interface Pending {
  result: Promise<ChunkOutput>;
  /** Input line number of the chunk's last record. */
  lastLine: number;
}

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new BatchError('usage', `${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

async function writeFully(handle: FileHandle, buffer: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, done, buffer.length - done, position + done);
    done += bytesWritten;
  }
}

/** Mutable state of one session of a run. */
interface Session {
  options: RunBatchOptions;
  output: BatchOutput;
  input: InputBytes;
  metadata: BatchMetadata;
  started: number;
  sessionRecords: number;
  sessionBytes: number;
}

async function commit(session: Session, pending: Pending): Promise<void> {
  const { output, options } = session;
  let chunk: ChunkOutput;
  try {
    chunk = await pending.result;
  } catch (error) {
    if (error instanceof BatchError) throw error;
    throw new BatchError('worker', `a worker thread failed: ${describeIoError(error)}; ${output.records} records are committed, rerun with --resume`);
  }
  const buffer = chunk.bytes;
  try {
    await writeFully(output.handle, buffer, output.position);
  } catch (error) {
    // The checkpoint still marks the previous commit: nothing committed is lost.
    throw new BatchError('output', `cannot write output ${options.output}: ${describeIoError(error)}; ${output.records} records are committed, rerun with --resume once fixed`);
  }
  output.position += buffer.length;
  output.records += chunk.counts.records;
  output.lines = pending.lastLine;
  mergeCounts(output.counts, chunk.counts);
  session.sessionRecords += chunk.counts.records;
  session.sessionBytes += chunk.counts.inputBytes;
  await writeCheckpoint(checkpointPath(options.output), {
    airlockCheckpoint: 1,
    version: session.metadata.airlock.version,
    fingerprint: session.metadata.airlock.contract.fingerprint,
    input: { path: options.input, size: session.input.size ?? null },
    records: output.records,
    lines: output.lines,
    outputBytes: output.position,
    counts: output.counts,
  });
  options.onProgress?.({
    records: output.records,
    failed: output.counts.failed,
    inputBytesRead: session.input.bytesRead(),
    inputBytesTotal: session.input.size,
    bytesProcessed: session.sessionBytes,
    elapsedMs: Date.now() - session.started,
  });
}

async function nextChunk(iterator: AsyncIterator<Buffer>, session: Session): Promise<IteratorResult<Buffer>> {
  try {
    return await iterator.next();
  } catch (error) {
    throw new BatchError('input', `cannot read input ${session.options.input}: ${describeIoError(error)}; ${session.output.records} records are committed, rerun with --resume once fixed`);
  }
}

/** Reads, submits and commits until the input ends or the signal aborts. Returns true when interrupted. */
async function pump(session: Session, runner: ChunkRunner, chunkSize: number, maxInFlight: number): Promise<boolean> {
  const { signal } = session.options;
  const { field, idField, includeRaw } = session.metadata.airlock.options;
  const cutter = cutLineRanges({ linesPerRange: chunkSize, maxBytes: MAX_CHUNK_BYTES, skipLines: session.output.lines, firstLine: session.options.range?.firstLine ?? 1 });
  const queue: Pending[] = [];
  const submit = (range: LineRange): void => {
    const lastLine = range.firstLine + range.lines - 1;
    const result = runner.run({ bytes: range.bytes, firstLine: range.firstLine, field, idField, includeRaw });
    // Awaited in order by commit(); this only keeps a failure from being reported as unhandled meanwhile.
    result.catch(() => {});
    queue.push({ result, lastLine });
  };
  const iterator = session.input.chunks();
  let interrupted = false;
  try {
    reading: for (;;) {
      const next = await nextChunk(iterator, session);
      if (next.done === true) break;
      for (const range of cutter.push(next.value)) {
        // An interrupted run drops the ranges it has not submitted: those lines are re-read on resume.
        if (signal?.aborted === true) {
          interrupted = true;
          break reading;
        }
        submit(range);
        while (queue.length >= maxInFlight) await commit(session, queue.shift()!);
      }
    }
    const last = interrupted ? undefined : cutter.end();
    if (last !== undefined) submit(last);
    while (queue.length > 0) await commit(session, queue.shift()!);
  } finally {
    await iterator.return?.();
  }
  return interrupted;
}

/** What the metadata line of an output is made of. */
export interface BatchMetadataInput {
  contract: { name: string; fingerprint: string };
  /** The reference as the user wrote it. */
  contractRef: ContractRef;
  field: string;
  idField: string;
  includeRaw: boolean;
}

/**
 * The metadata line every output starts with (the queue's merge writes the same one).
 *
 * @example
 * `${JSON.stringify(batchMetadata({ contract, contractRef: { module: './c.ts', export: 'review' }, field: 'output', idField: 'id', includeRaw: false }))}\n`
 */
export function batchMetadata(input: BatchMetadataInput): BatchMetadata {
  return {
    airlock: {
      format: BATCH_FORMAT_VERSION,
      version: airlockVersion(),
      contract: { name: input.contract.name, fingerprint: input.contract.fingerprint, module: input.contractRef.module, export: input.contractRef.export },
      options: { field: input.field, idField: input.idField, includeRaw: input.includeRaw },
    },
  };
}

function finalStats(session: Session, threads: number, complete: boolean, resumedFrom: number): BatchStats {
  const elapsedMs = Date.now() - session.started;
  const seconds = Math.max(elapsedMs, 1) / 1000;
  return {
    ...session.output.counts,
    complete,
    resumedFrom,
    threads,
    elapsedMs,
    recordsPerSecond: Math.round(session.sessionRecords / seconds),
    mbPerSecond: Math.round((session.sessionBytes / 1e6 / seconds) * 100) / 100,
  };
}

/** Plain input below this size runs inline by default: starting threads would cost more than they save. */
export const INLINE_BELOW_BYTES = 1024 * 1024;

/**
 * Most worker threads a run may start. 128 threads aborted V8 on a 2-core machine; each thread
 * is a whole V8 isolate (tens of MB), and past a few per core they only add contention.
 */
export const MAX_THREADS = 32;

function defaultThreads(input: InputBytes): number {
  // Gzip logs expand several times, so their threshold is on a fraction of the file size; stdin has no size.
  if (input.size === undefined) return availableParallelism();
  return input.size < (input.gzip ? INLINE_BELOW_BYTES / 8 : INLINE_BELOW_BYTES) ? 0 : availableParallelism();
}

/**
 * Normalizes every record of a JSONL run log with a contract and writes one
 * NDJSON result per record, in input order, after a metadata line.
 *
 * Throws {@link BatchError} (one-line message) for setup and I/O problems; bad
 * records never throw, they become `bad_record` results. When `signal` aborts,
 * the chunks in flight are committed, the checkpoint is kept and the returned
 * stats say `complete: false`.
 *
 * @example
 * const stats = await runBatch({
 *   input: 'runs.jsonl.gz', output: 'results.ndjson',
 *   contract: { module: './contract.ts', export: 'review' }, threads: 2,
 * });
 * console.log(stats.validUntouched, stats.failures.schema);
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchStats> {
  const started = Date.now();
  if (options.threads !== undefined && options.threads > MAX_THREADS && Number.isInteger(options.threads)) {
    throw new BatchError('usage', `threads must be at most ${MAX_THREADS}, got ${options.threads}: more worker threads than that can exhaust V8's process-wide limits and abort the process`);
  }
  if (options.threads !== undefined) checkInteger('threads', options.threads, 0, MAX_THREADS);
  if (options.maxChunksInFlight !== undefined) checkInteger('chunks in flight', options.maxChunksInFlight, 1, 10_000);
  const chunkSize = checkInteger('chunk size', options.chunkSize ?? DEFAULT_CHUNK_SIZE, 1, 1_000_000);
  const field = options.field ?? 'output';
  const idField = options.idField ?? 'id';
  if (field === '' || idField === '') throw new BatchError('usage', 'field and id field must be non-empty dotted paths');

  // Compiled once here: worker threads import plain JavaScript.
  const ref = await prepareContractRef(resolveContractRef(options.contract, options.cwd));
  const contract = await importContract(ref);
  if (options.expectFingerprint !== undefined && options.expectFingerprint !== contract.fingerprint) {
    throw new BatchError('contract', `contract ${contract.name} from ${options.contract.module} has fingerprint ${contract.fingerprint} here, but the run expects ${options.expectFingerprint} (a different version of the contract)`);
  }
  const metadata = batchMetadata({ contract, contractRef: options.contract, field, idField, includeRaw: options.includeRaw === true });
  // Input and threads first: a missing input or an unbuilt worker must not clobber an existing output.
  if (options.input === STDIN && options.resume === true) {
    throw new BatchError('usage', 'cannot resume a run that reads stdin: it cannot be read again from the checkpoint; save the log to a file and run on that');
  }
  const input = await openInputBytes(options.input, options.range);
  const threads = options.threads ?? defaultThreads(input);
  let runner: ChunkRunner | undefined;
  let output: BatchOutput;
  let guard: OutputGuard | undefined;
  try {
    guard = await guardBatchOutput(options.input, options.output);
    runner = createChunkRunner(threads, ref, contract);
    output = await openBatchOutput({ output: options.output, metadata, input: { path: options.input, size: input.size ?? null }, resume: options.resume === true, force: options.force === true });
  } catch (error) {
    input.close();
    await runner?.close();
    await guard?.release();
    throw error;
  }
  const maxInFlight = options.maxChunksInFlight ?? Math.max(2, threads * 2);
  const session: Session = { options, output, input, metadata, started, sessionRecords: 0, sessionBytes: 0 };
  const resumedFrom = output.records;
  let interrupted: boolean;
  try {
    interrupted = await pump(session, runner, chunkSize, maxInFlight);
    if (!interrupted) await output.handle.sync().catch(() => {});
  } finally {
    input.close();
    await output.handle.close().catch(() => {});
    await runner.close();
    await guard.release();
  }
  if (!interrupted) await removeCheckpoint(checkpointPath(options.output));
  const stats = finalStats(session, threads, !interrupted, resumedFrom);
  if (options.statsJson !== undefined) {
    try {
      await writeFile(options.statsJson, `${JSON.stringify(stats, null, 2)}\n`);
    } catch (error) {
      throw new BatchError('output', `cannot write statistics ${options.statsJson}: ${describeIoError(error)}`);
    }
  }
  return stats;
}
