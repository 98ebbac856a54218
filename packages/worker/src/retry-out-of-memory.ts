/**
 * A chunk whose worker thread ran out of heap: its lines run again, one task each, and a line
 * that exhausts a thread on its own gets a `bad_record` result. The batch goes on, no other
 * record of the chunk is lost, and a resumed run does not stop at the same record again.
 */
import type { Contract } from '@airlock/core';
import { emptyCounts, mergeCounts } from './batch-counts.js';
import { processChunk, type ChunkInput, type ChunkOutput } from './process-chunk.js';

/** Why such a record gets no result of the pipeline. */
export const HEAP_EXHAUSTED_REASON =
  'the record needs more memory than a batch thread has: run it inline (--threads 0), which has the heap of the process, or raise the heap limit (node --max-old-space-size=…)';

/**
 * True for the error a pool task rejects with when its thread hit its heap limit.
 *
 * @example
 * isHeapExhausted(Object.assign(new Error('…'), { code: 'ERR_WORKER_OUT_OF_MEMORY' })) // true
 */
export function isHeapExhausted(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/** The chunk's lines, each with its line break. */
function eachLine(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    lines.push(bytes.subarray(start, end));
    start = end;
  }
  return lines;
}

/**
 * Runs a chunk line by line through `runOne` (a pool task); a line whose thread runs out of
 * heap is refused on the calling thread. The output equals the chunk's, line for line.
 *
 * @example
 * const output = await runLineByLine((one) => pool.run(one), { ...input, bytes: kept }, contract);
 */
export async function runLineByLine(runOne: (input: ChunkInput) => Promise<ChunkOutput>, input: ChunkInput, contract: Contract): Promise<ChunkOutput> {
  const parts: Uint8Array[] = [];
  const counts = emptyCounts();
  let firstLine = input.firstLine;
  // The chunk's shared result buffer is not offered: every line's results would land at its start.
  const { into: _chunkResults, ...lineInput } = input;
  for (const bytes of eachLine(input.bytes)) {
    const one: ChunkInput = { ...lineInput, bytes, firstLine };
    let output: ChunkOutput;
    try {
      // A copy goes: the task may transfer its buffer, and the refusal below still needs the line.
      output = await runOne({ ...one, bytes: new Uint8Array(bytes) });
    } catch (error) {
      if (!isHeapExhausted(error)) throw error;
      output = processChunk({ ...one, refusal: HEAP_EXHAUSTED_REASON }, contract);
    }
    parts.push(output.bytes);
    mergeCounts(counts, output.counts);
    firstLine++;
  }
  return { bytes: Buffer.concat(parts), counts };
}
