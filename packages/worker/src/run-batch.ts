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
import { openBatchOutput, type BatchOutput } from './open-batch-output.js';
import { openInputLines, type InputLines } from './open-input-lines.js';
import type { ChunkOutput } from './process-chunk.js';
import type { BatchMetadata, BatchStats, RunBatchOptions } from './types.js';

/** Default records per chunk: large enough to amortize a thread hop, small enough to keep memory low. */
export const DEFAULT_CHUNK_SIZE = 256;

interface Pending {
  result: Promise<ChunkOutput>;
  /** Input line number of the chunk's last record. */
  lastLine: number;
}

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new BatchError('usage', `${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

function isBlank(line: string): boolean {
  return line.length === 0 || /^\s*$/.test(line);
}

async function writeFully(handle: FileHandle, buffer: Buffer, position: number): Promise<void> {
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
  input: InputLines;
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
  const buffer = Buffer.from(chunk.text, 'utf8');
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
    input: { path: options.input, size: session.input.size },
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

async function nextLine(iterator: AsyncIterator<string>, session: Session): Promise<IteratorResult<string>> {
  try {
    return await iterator.next();
  } catch (error) {
    throw new BatchError('input', `cannot read input ${session.options.input}: ${describeIoError(error)}; ${session.output.records} records are committed, rerun with --resume once fixed`);
  }
}

/** Reads, submits and commits until the input ends or the signal aborts. Returns true when interrupted. */
async function pump(session: Session, runner: ChunkRunner, chunkSize: number, maxInFlight: number, field: string, idField: string): Promise<boolean> {
  const { signal } = session.options;
  const skip = session.output.lines;
  const queue: Pending[] = [];
  let lines: string[] = [];
  let lineNumbers: number[] = [];
  let lineNumber = 0;
  const submit = (): void => {
    const result = runner.run({ lines, lineNumbers, field, idField, includeRaw: session.metadata.airlock.options.includeRaw });
    // Awaited in order by commit(); this only keeps a failure from being reported as unhandled meanwhile.
    result.catch(() => {});
    queue.push({ result, lastLine: lineNumbers[lineNumbers.length - 1]! });
    lines = [];
    lineNumbers = [];
  };
  const iterator = session.input.lines();
  let interrupted = false;
  try {
    for (;;) {
      if (signal?.aborted === true) {
        interrupted = true;
        break;
      }
      const next = await nextLine(iterator, session);
      if (next.done === true) break;
      lineNumber++;
      if (lineNumber <= skip || isBlank(next.value)) continue;
      lines.push(next.value);
      lineNumbers.push(lineNumber);
      if (lines.length < chunkSize) continue;
      submit();
      while (queue.length >= maxInFlight) await commit(session, queue.shift()!);
    }
    // An interrupted run drops its partial chunk: those lines are re-read on resume.
    if (!interrupted && lines.length > 0) submit();
    while (queue.length > 0) await commit(session, queue.shift()!);
  } finally {
    await iterator.return?.();
  }
  return interrupted;
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

function defaultThreads(input: InputLines): number {
  // Gzip logs expand several times, so their threshold is on a fraction of the file size.
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
  if (options.threads !== undefined) checkInteger('threads', options.threads, 0, 256);
  if (options.maxChunksInFlight !== undefined) checkInteger('chunks in flight', options.maxChunksInFlight, 1, 10_000);
  const chunkSize = checkInteger('chunk size', options.chunkSize ?? DEFAULT_CHUNK_SIZE, 1, 1_000_000);
  const field = options.field ?? 'output';
  const idField = options.idField ?? 'id';
  if (field === '' || idField === '') throw new BatchError('usage', 'field and id field must be non-empty dotted paths');

  // Compiled once here: worker threads import plain JavaScript.
  const ref = await prepareContractRef(resolveContractRef(options.contract, options.cwd));
  const contract = await importContract(ref);
  const metadata: BatchMetadata = {
    airlock: {
      format: BATCH_FORMAT_VERSION,
      version: airlockVersion(),
      contract: { name: contract.name, fingerprint: contract.fingerprint, module: options.contract.module, export: options.contract.export },
      options: { field, idField, includeRaw: options.includeRaw === true },
    },
  };
  // Input and threads first: a missing input or an unbuilt worker must not clobber an existing output.
  const input = await openInputLines(options.input);
  const threads = options.threads ?? defaultThreads(input);
  let runner: ChunkRunner | undefined;
  let output: BatchOutput;
  try {
    runner = createChunkRunner(threads, ref, contract);
    output = await openBatchOutput({ output: options.output, metadata, input: { path: options.input, size: input.size }, resume: options.resume === true, force: options.force === true });
  } catch (error) {
    input.close();
    await runner?.close();
    throw error;
  }
  const maxInFlight = options.maxChunksInFlight ?? Math.max(2, threads * 2);
  const session: Session = { options, output, input, metadata, started, sessionRecords: 0, sessionBytes: 0 };
  const resumedFrom = output.records;
  let interrupted: boolean;
  try {
    interrupted = await pump(session, runner, chunkSize, maxInFlight, field, idField);
    if (!interrupted) await output.handle.sync().catch(() => {});
  } finally {
    input.close();
    await output.handle.close().catch(() => {});
    await runner.close();
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
