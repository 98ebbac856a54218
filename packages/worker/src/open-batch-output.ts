/**
 * Decides how a run treats its output: start fresh, or resume from the
 * checkpoint after checking it belongs to the same Airlock version, contract
 * fingerprint, options, context and input. Refusals are one-line errors.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { emptyCounts } from './batch-counts.js';
import { BatchError, describeIoError } from './batch-error.js';
import { checkpointPath, readCheckpoint, writeCheckpoint, type Checkpoint } from './checkpoint.js';
import type { BatchCounts, BatchMetadata } from './types.js';

/** The output opened for appending at the last committed point. */
export interface BatchOutput {
  handle: FileHandle;
  /** Byte offset of the next write. */
  position: number;
  /** Records already committed (0 for a fresh run). */
  records: number;
  /** Input lines to skip (already committed) in input `file`. */
  lines: number;
  /** Index of the input to continue in (0 for a fresh run). */
  file: number;
  counts: BatchCounts;
}

/** What {@link openBatchOutput} needs. */
export interface OpenBatchOutputOptions {
  output: string;
  metadata: BatchMetadata;
  input: { path: string; size: number | null };
  resume: boolean;
  force: boolean;
}

async function readFirstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.indexOf('\n');
    return end === -1 ? text : text.slice(0, end);
  } finally {
    await handle.close();
  }
}

/** Why the existing output cannot be continued by this run, or undefined when it can. */
async function resumeMismatch(options: OpenBatchOutputOptions, checkpoint: Checkpoint): Promise<string | undefined> {
  const want = options.metadata.airlock;
  let have: (Omit<BatchMetadata['airlock'], 'format'> & { format?: number }) | undefined;
  try {
    have = (JSON.parse(await readFirstLine(options.output)) as Partial<BatchMetadata>).airlock;
  } catch {
    have = undefined;
  }
  if (have === undefined) return `${options.output} does not start with an airlock metadata line`;
  const haveFormat = have.format ?? 1;
  if (haveFormat !== want.format) return `${options.output} is in batch output format ${String(haveFormat)}, this airlock writes format ${want.format}`;
  if (have.version !== want.version || checkpoint.version !== want.version) {
    return `${options.output} was made by airlock ${have.version}, this is ${want.version}`;
  }
  if (have.contract.fingerprint !== want.contract.fingerprint || checkpoint.fingerprint !== want.contract.fingerprint) {
    return `${options.output} was made with contract ${have.contract.name} (fingerprint ${have.contract.fingerprint}), not ${want.contract.name} (${want.contract.fingerprint})`;
  }
  if (have.options.field !== want.options.field || have.options.idField !== want.options.idField || have.options.includeRaw !== want.options.includeRaw || have.options.salvageTruncated !== want.options.salvageTruncated) {
    return `${options.output} was made with --field ${have.options.field} --id-field ${have.options.idField}${have.options.includeRaw ? ' --include-raw' : ''}${have.options.salvageTruncated === true ? ' --salvage-truncated' : ''}`;
  }
  const haveContext = have.context?.fingerprint;
  const wantContext = want.context?.fingerprint;
  if (haveContext !== wantContext) {
    return `${options.output} was made ${haveContext === undefined ? 'without a context' : `with context ${haveContext}`}, this run gives ${wantContext === undefined ? 'none' : `context ${wantContext}`}`;
  }
  if (have.input?.fingerprint !== want.input?.fingerprint && have.input !== undefined && want.input !== undefined) {
    return `the input is not the log ${options.output} was made from (${have.input.files.join(' ')})`;
  }
  if (checkpoint.input.size !== options.input.size) return `the input changed size since the checkpoint (${checkpoint.input.size} → ${options.input.size} bytes)`;
  const { size } = await stat(options.output);
  if (size < checkpoint.outputBytes) return `${options.output} is shorter than its checkpoint says (${size} < ${checkpoint.outputBytes} bytes)`;
  return undefined;
}

async function openOrFail(path: string, flags: string): Promise<FileHandle> {
  try {
    await mkdir(dirname(path), { recursive: true });
    return await open(path, flags);
  } catch (error) {
    throw new BatchError('output', `cannot write output ${path}: ${describeIoError(error)}`);
  }
}

async function startFresh(options: OpenBatchOutputOptions): Promise<BatchOutput> {
  const head = Buffer.from(`${JSON.stringify(options.metadata)}\n`, 'utf8');
  const counts = emptyCounts();
  // The checkpoint comes before the output: an output without a checkpoint then always denotes
  // a finished run, even when this first checkpoint cannot be written (a full disk), since the
  // output is not created (nor an old one truncated) until it is.
  await mkdir(dirname(options.output), { recursive: true }).catch(() => {});
  await writeCheckpoint(checkpointPath(options.output), {
    airlockCheckpoint: 1, version: options.metadata.airlock.version, fingerprint: options.metadata.airlock.contract.fingerprint,
    input: options.input, records: 0, lines: 0, outputBytes: head.length, counts,
  });
  const handle = await openOrFail(options.output, 'w');
  try {
    await handle.write(head, 0, head.length, 0);
  } catch (error) {
    await handle.close();
    throw new BatchError('output', `cannot write output ${options.output}: ${describeIoError(error)}`);
  }
  return { handle, position: head.length, records: 0, lines: 0, file: 0, counts };
}

/**
 * Opens the output of a batch run, fresh or resumed.
 *
 * @example
 * const out = await openBatchOutput({ output: 'r.ndjson', metadata, input: { path, size }, resume: true, force: false });
 */
export async function openBatchOutput(options: OpenBatchOutputOptions): Promise<BatchOutput> {
  const { output, resume, force } = options;
  const outputExists = existsSync(output);
  let checkpoint: Checkpoint | undefined;
  try {
    checkpoint = await readCheckpoint(checkpointPath(output));
  } catch (error) {
    if (!force) throw error;
  }
  if (resume && checkpoint !== undefined && outputExists) {
    const mismatch = await resumeMismatch(options, checkpoint);
    if (mismatch === undefined) return resumeFrom(output, checkpoint);
    if (!force) throw new BatchError('refused', `cannot resume: ${mismatch}; pass --force to start over`);
  }
  if (force) return startFresh(options);
  if (!resume) {
    if (outputExists || checkpoint !== undefined) {
      throw new BatchError('refused', `${output} already exists; pass --resume to continue it or --force to overwrite it`);
    }
    return startFresh(options);
  }
  if (checkpoint !== undefined) throw new BatchError('refused', `${checkpointPath(output)} exists but ${output} is missing; pass --force to start over`);
  if (outputExists) throw new BatchError('refused', `${output} has no checkpoint to resume from (its run completed); pass --force to redo it`);
  return startFresh(options);
}

async function resumeFrom(output: string, checkpoint: Checkpoint): Promise<BatchOutput> {
  const handle = await openOrFail(output, 'r+');
  try {
    // Whatever follows the last commit is a partial chunk from the interrupted run.
    await handle.truncate(checkpoint.outputBytes);
  } catch (error) {
    await handle.close();
    throw new BatchError('output', `cannot write output ${output}: ${describeIoError(error)}`);
  }
  return { handle, position: checkpoint.outputBytes, records: checkpoint.records, lines: checkpoint.lines, file: checkpoint.file ?? 0, counts: checkpoint.counts };
}
