/**
 * The streaming batch runner: reads a run log line by line, sends chunks to a
 * thread pool, and commits results in input order, with an atomic checkpoint
 * after commits (see `checkpoint-writer.ts`). At most `maxChunksInFlight` chunks
 * exist at any time, so memory stays flat whatever the size of the log.
 */
import { writeFile, type FileHandle } from 'node:fs/promises';
import { airlockVersion } from './airlock-version.js';
import { mergeCounts } from './batch-counts.js';
import { BATCH_FORMAT_VERSION } from './batch-format.js';
import { BatchError, checkInteger, describeIoError } from './batch-error.js';
import { prepareBatchContext } from './batch-context.js';
import { checkpointPath, removeCheckpoint, type Checkpoint } from './checkpoint.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { checkThreads } from './batch-pool.js';
import { createChunkRunner, type ChunkRunner } from './create-chunk-runner.js';
import { importContract, prepareContractRef, resolveContractRef } from './load-contract.js';
import { guardBatchOutput, type OutputGuard } from './guard-batch-output.js';
import { openBatchOutput, type BatchOutput } from './open-batch-output.js';
import { OutputWriteback } from './output-writeback.js';
import { cutLineRanges, type LineRange } from './cut-line-ranges.js';
import { SharedBufferPool } from './shared-buffer-pool.js';
import { STDIN } from './open-input-bytes.js';
import { defaultThreads, fingerprintInputs, openBatchInputs, threadsFor, type BatchInputs } from './open-batch-inputs.js';
import type { ChunkOutput } from './process-chunk.js';
import type { BatchMetadata, BatchStats, ContractRef, RunBatchOptions } from './types.js';
import { applyZodTuning } from './zod-tuning.js';

/** Default lines per chunk: large enough to amortize a thread hop, small enough to keep memory low. */
export const DEFAULT_CHUNK_SIZE = 256;

/** A chunk also ends at the first line end past this many bytes, so long records keep chunks (and memory) bounded. */
export const MAX_CHUNK_BYTES = 1024 * 1024;

/** The smallest chunk, in bytes, of a plain file's tapered end (see `CutOptions.taper`): a few lines of a typical log. */
export const MIN_TAPER_BYTES = 32 * 1024;

interface Pending {
  result: Promise<ChunkOutput>;
  /** Input line number of the chunk's last record. */
  lastLine: number;
  /** Index of the input the chunk comes from. */
  file: number;
  /** Decompressed bytes of that input up to the chunk's end (skipped lines included). */
  inputEnd: number;
  /** The chunk's lines and the buffer offered for its results: pooled again once it is committed. */
  buffers: readonly Uint8Array[];
}

/** Room offered for a chunk's results: about its size, with margin for interventions. */
function resultRoom(inputBytes: number): number {
  return 2 * inputBytes + 64 * 1024;
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
  inputs: BatchInputs;
  /** Decompressed bytes read from each input so far. */
  decompressed: number[];
  metadata: BatchMetadata;
  started: number;
  sessionRecords: number;
  sessionBytes: number;
  /** Ranges and result buffers, reused chunk after chunk. */
  buffers: SharedBufferPool;
  checkpoints: CheckpointWriter;
  writeback: OutputWriteback;
}

/** The checkpoint of the last commit. */
function checkpointOf(session: Session): Checkpoint {
  const { output, inputs, metadata } = session;
  return {
    airlockCheckpoint: 1,
    version: metadata.airlock.version,
    fingerprint: metadata.airlock.contract.fingerprint,
    input: { path: inputs.files.join(' '), size: inputs.size ?? null },
    records: output.records,
    lines: output.lines,
    ...(inputs.files.length > 1 ? { file: output.file } : {}),
    outputBytes: output.position,
    counts: output.counts,
  };
}

/** Input bytes up to the end of a committed chunk; a gzip input's in proportion of what was decompressed. */
function committedBytes(session: Session, pending: Pending): number {
  const input = session.inputs.bytes[pending.file]!;
  const read = session.decompressed[pending.file]!;
  const within = !input.gzip ? pending.inputEnd : read === 0 ? 0 : Math.min(input.bytesRead(), Math.round((input.bytesRead() * pending.inputEnd) / read));
  return session.inputs.before[pending.file]! + within;
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
  session.writeback.wrote(buffer.length);
  // Written: no thread reads the range or writes the results any more.
  for (const used of pending.buffers) session.buffers.give(used);
  output.records += chunk.counts.records;
  output.lines = pending.lastLine;
  output.file = pending.file;
  mergeCounts(output.counts, chunk.counts);
  session.sessionRecords += chunk.counts.records;
  session.sessionBytes += chunk.counts.inputBytes;
  await session.checkpoints.committed();
  options.onProgress?.({
    records: output.records,
    failed: output.counts.failed,
    inputBytesRead: session.inputs.before[pending.file]! + session.inputs.bytes[pending.file]!.bytesRead(),
    inputBytesCommitted: committedBytes(session, pending),
    inputBytesTotal: session.inputs.size,
    bytesProcessed: session.sessionBytes,
    elapsedMs: Date.now() - session.started,
  });
}

/** The records committed when reading an input failed, in one line. */
function readFailure(session: Session, file: number, error: unknown): BatchError {
  const { output, options } = session;
  const where = output.file === file ? ` after line ${output.lines}` : '';
  return new BatchError('read', `cannot read input ${session.inputs.files[file]}${where}: ${describeIoError(error)}; the ${output.records} records read before it are committed to ${options.output} (checkpoint kept: rerun with --resume once the input is fixed)`);
}

/** Reads, submits and commits one input until it ends or the signal aborts. Returns true when interrupted. */
async function pumpInput(session: Session, runner: ChunkRunner, queue: Pending[], file: number, limits: Limits): Promise<boolean> {
  const { signal } = session.options;
  const { field, idField, includeRaw, salvageTruncated } = session.metadata.airlock.options;
  const skipLines = file === session.output.file ? session.output.lines : 0;
  const firstLine = session.options.range?.firstLine ?? 1;
  const input = session.inputs.bytes[file]!;
  // Several threads finish together when the run's last chunks shrink: those of its last input,
  // when that is a plain file (a gzip's length is unknown).
  const last = file === session.inputs.files.length - 1;
  const taper = limits.threads > 1 && last && !input.gzip && input.size !== undefined ? { inputBytes: input.size, parts: limits.maxInFlight, minBytes: MIN_TAPER_BYTES } : undefined;
  const cutter = cutLineRanges({ linesPerRange: limits.chunkSize, maxBytes: MAX_CHUNK_BYTES, skipLines, firstLine, allocate: (size) => session.buffers.take(size), shared: session.buffers, ...(taper === undefined ? {} : { taper }) });
  // Records of a run of several inputs say which file they come from.
  const name = session.inputs.files.length > 1 ? { file: session.inputs.files[file]! } : {};
  let consumed = 0;
  const submit = (range: LineRange): void => {
    consumed += range.bytes.length;
    const into = session.buffers.take(resultRoom(range.bytes.length));
    const result = runner.run({ bytes: range.bytes, firstLine: range.firstLine, field, idField, includeRaw, ...(salvageTruncated === true && { salvageTruncated }), into, ...name });
    // Awaited in order by commit(); this only keeps a failure from being reported as unhandled meanwhile.
    result.catch(() => {});
    queue.push({ result, lastLine: range.firstLine + range.lines - 1, file, inputEnd: cutter.skippedBytes() + consumed, buffers: [range.bytes, into] });
  };
  const iterator = input.chunks(session.buffers);
  let interrupted = false;
  let readError: unknown;
  try {
    reading: for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await iterator.next();
      } catch (error) {
        readError = error;
        break;
      }
      if (next.done === true) break;
      session.decompressed[file]! += next.value.length;
      for (const range of cutter.push(next.value)) {
        // An interrupted run drops the ranges it has not submitted: those lines are re-read on resume.
        if (signal?.aborted === true) {
          interrupted = true;
          break reading;
        }
        submit(range);
        while (queue.length >= limits.maxInFlight) await commit(session, queue.shift()!);
      }
    }
    // After a read error only whole lines are trusted: a partial last line may be half a record.
    const last = interrupted ? undefined : readError === undefined ? cutter.end() : cutter.endComplete();
    if (last !== undefined) submit(last);
    if (readError !== undefined) {
      // Everything read before the error is committed before the run stops.
      while (queue.length > 0) await commit(session, queue.shift()!);
      throw readFailure(session, file, readError);
    }
  } finally {
    await iterator.return?.().catch(() => {});
  }
  return interrupted;
}

/** How a run cuts and hands out its chunks. */
interface Limits {
  chunkSize: number;
  maxInFlight: number;
  /** Worker threads (0: inline). */
  threads: number;
}

/** Runs every input not yet committed, in order, then commits what is in flight. Returns true when interrupted. */
async function pump(session: Session, runner: ChunkRunner, limits: Limits): Promise<boolean> {
  const queue: Pending[] = [];
  for (let file = session.output.file; file < session.inputs.files.length; file++) {
    if (await pumpInput(session, runner, queue, file, limits)) {
      while (queue.length > 0) await commit(session, queue.shift()!);
      return true;
    }
  }
  while (queue.length > 0) await commit(session, queue.shift()!);
  return false;
}

/** What the metadata line of an output is made of. */
export interface BatchMetadataInput {
  contract: { name: string; fingerprint: string };
  /** The reference as the user wrote it. */
  contractRef: ContractRef;
  field: string;
  idField: string;
  includeRaw: boolean;
  /** Salvage `truncated` failures (written in the metadata only when true). */
  salvageTruncated?: boolean;
  /** The input files as given and their fingerprint (see {@link BatchMetadata}). */
  input?: { files: string[]; fingerprint: string | null };
  /** Fingerprint of the run's context, when it has one (see `fingerprintContext`). */
  contextFingerprint?: string;
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
      options: { field: input.field, idField: input.idField, includeRaw: input.includeRaw, ...(input.salvageTruncated === true && { salvageTruncated: true as const }) },
      ...(input.input === undefined ? {} : { input: input.input }),
      ...(input.contextFingerprint === undefined ? {} : { context: { fingerprint: input.contextFingerprint } }),
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
  // Chunks may run on this thread too (inline, or while a pool warms up): same Zod settings as the threads.
  applyZodTuning();
  if (options.threads !== undefined) checkThreads(options.threads, 0);
  if (options.maxChunksInFlight !== undefined) checkInteger('chunks in flight', options.maxChunksInFlight, 1, 10_000);
  if (options.inlineBelowBytes !== undefined) checkInteger('inline-below bytes', options.inlineBelowBytes, 0, Number.MAX_SAFE_INTEGER);
  const chunkSize = checkInteger('chunk size', options.chunkSize ?? DEFAULT_CHUNK_SIZE, 1, 1_000_000);
  if (options.threadHeapMb !== undefined) checkInteger('thread heap (MB)', options.threadHeapMb, 16, 1_000_000);
  if (options.pool !== undefined && (options.threads !== undefined || options.threadHeapMb !== undefined)) {
    throw new BatchError('usage', 'give a run either a pool or threads (and a thread heap), not both: a shared pool already has its threads');
  }
  const field = options.field ?? 'output';
  const idField = options.idField ?? 'id';
  if (field === '' || idField === '') throw new BatchError('usage', 'field and id field must be non-empty dotted paths');
  // Checked before the contract loads: a bad context is a usage error however slow the contract.
  const context = options.context === undefined ? undefined : prepareBatchContext(options.context);

  // Compiled once here: worker threads import plain JavaScript.
  const ref = await prepareContractRef(resolveContractRef(options.contract, options.cwd));
  const contract = await importContract(ref, options.contractLoadTimeoutMs === undefined ? {} : { timeoutMs: options.contractLoadTimeoutMs });
  if (options.expectFingerprint !== undefined && options.expectFingerprint !== contract.fingerprint) {
    throw new BatchError('contract', `contract ${contract.name} from ${options.contract.module} has fingerprint ${contract.fingerprint} here, but the run expects ${options.expectFingerprint} (a different version of the contract)`);
  }
  const files = typeof options.input === 'string' ? [options.input] : [...options.input];
  // Input and threads first: a missing input or an unbuilt worker must not clobber an existing output.
  if (files.includes(STDIN) && options.resume === true) {
    throw new BatchError('usage', 'cannot resume a run that reads stdin: it cannot be read again from the checkpoint; save the log to a file and run on that');
  }
  const input = await openBatchInputs(files, options.range);
  // A shard of a queued batch is one part of a log: its merge writes the metadata users read.
  const fingerprint = options.range === undefined ? await fingerprintInputs(files).catch((error: unknown) => (input.close(), Promise.reject(error))) : undefined;
  const metadata = batchMetadata({
    contract, contractRef: options.contract, field, idField, includeRaw: options.includeRaw === true, salvageTruncated: options.salvageTruncated === true,
    ...(fingerprint === undefined ? {} : { input: { files, fingerprint } }),
    ...(context === undefined ? {} : { contextFingerprint: context.fingerprint }),
  });
  const threads = options.pool?.threads ?? (options.threads === undefined ? defaultThreads(input) : threadsFor(input, options.threads, options.inlineBelowBytes ?? 0));
  let runner: ChunkRunner | undefined;
  let output: BatchOutput;
  let guard: OutputGuard | undefined;
  try {
    guard = await guardBatchOutput(files, options.output);
    runner = createChunkRunner(options.pool === undefined ? { threads, threadHeapMb: options.threadHeapMb } : { pool: options.pool }, ref, contract, context);
    output = await openBatchOutput({ output: options.output, metadata, input: { path: files.join(' '), size: input.size ?? null }, resume: options.resume === true, force: options.force === true });
  } catch (error) {
    input.close();
    await runner?.close();
    await guard?.release();
    throw error;
  }
  const maxInFlight = options.maxChunksInFlight ?? runner.chunksInFlight;
  // About two buffers per chunk in flight, and the ranges the cutter completes before they are sent.
  const buffers = new SharedBufferPool(2 * maxInFlight + 8);
  const checkpoints = new CheckpointWriter(checkpointPath(options.output), () => checkpointOf(session));
  const writeback = new OutputWriteback(output.handle);
  const session: Session = { options, output, inputs: input, decompressed: files.map(() => 0), metadata, started, sessionRecords: 0, sessionBytes: 0, buffers, checkpoints, writeback };
  const resumedFrom = output.records;
  let interrupted: boolean;
  try {
    try {
      interrupted = await pump(session, runner, { chunkSize, maxInFlight, threads });
    } catch (error) {
      // A run that fails leaves the checkpoint of its last commit: a resume redoes none of it.
      await checkpoints.flush().catch(() => {});
      throw error;
    }
    if (interrupted) await checkpoints.flush();
    else {
      await writeback.settle();
      await output.handle.sync().catch(() => {});
    }
  } finally {
    await writeback.settle();
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
