/**
 * The resume point of a batch, next to its output. It is replaced atomically
 * (write a temporary file, then rename) after commits (see `checkpoint-writer.ts`
 * for when), so a crash at any instant leaves either the old or the new
 * checkpoint, never half of one.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { reviveCounts } from './batch-counts.js';
import { BatchError, describeIoError } from './batch-error.js';
import type { BatchCounts } from './types.js';

/** What a restart needs to continue exactly where the last commit left off. */
export interface Checkpoint {
  airlockCheckpoint: 1;
  version: string;
  fingerprint: string;
  /** The input and its size (null for stdin). */
  input: { path: string; size: number | null };
  /** Records committed to the output. */
  records: number;
  /** Input lines consumed up to and including the last committed record (of input `file`). */
  lines: number;
  /** Index of the input `lines` counts in, for a run of several inputs (absent: 0). */
  file?: number;
  /** Byte length of the output at the last commit; anything after it is discarded on resume. */
  outputBytes: number;
  counts: BatchCounts;
}

/**
 * `out.ndjson` → `out.ndjson.checkpoint.json`.
 *
 * @example
 * checkpointPath('results.ndjson'); // 'results.ndjson.checkpoint.json'
 */
export function checkpointPath(output: string): string {
  return `${output}.checkpoint.json`;
}

function isCheckpoint(value: unknown): value is Checkpoint {
  const c = value as Partial<Checkpoint> | null;
  return (
    typeof c === 'object' && c !== null && c.airlockCheckpoint === 1 &&
    typeof c.version === 'string' && typeof c.fingerprint === 'string' &&
    Number.isSafeInteger(c.records) && Number.isSafeInteger(c.lines) && Number.isSafeInteger(c.outputBytes) &&
    typeof c.counts === 'object' && c.counts !== null && typeof c.input === 'object' && c.input !== null
  );
}

/**
 * Reads a checkpoint; `undefined` when there is none.
 *
 * @example
 * const checkpoint = await readCheckpoint(checkpointPath('results.ndjson'));
 */
export async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw new BatchError('output', `cannot read checkpoint ${path}: ${describeIoError(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isCheckpoint(value)) throw new BatchError('refused', `checkpoint ${path} is damaged; delete it or pass --force to start over`);
  return { ...value, counts: reviveCounts(value.counts) };
}

/**
 * Replaces the checkpoint atomically.
 *
 * @example
 * await writeCheckpoint(checkpointPath(output), checkpoint);
 */
export async function writeCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  const temporary = `${path}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(checkpoint));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw new BatchError('output', `cannot write checkpoint ${path}: ${describeIoError(error)}`);
  }
}

/**
 * Deletes the checkpoint (and a leftover temporary file) once a run completes.
 *
 * @example
 * await removeCheckpoint(checkpointPath(output));
 */
export async function removeCheckpoint(path: string): Promise<void> {
  await rm(`${path}.tmp`, { force: true });
  await rm(path, { force: true });
}
