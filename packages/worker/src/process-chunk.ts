/**
 * The unit of work a thread runs: a chunk of raw JSONL lines in, their NDJSON
 * result lines and counts out. Pure apart from the contract it is given, and
 * total: a bad line or even a pipeline bug becomes a `bad_record` result.
 */
import { safeParse, type Contract, type ParseFailure, type ParseResult, type SafeParseOptions } from '@airlock/core';
import { isUtf8 } from 'node:buffer';
import { countResult, emptyCounts } from './batch-counts.js';
import { firstLine } from './batch-error.js';
import { getPath } from './get-path.js';
import { salvageTruncated } from './salvage-truncated.js';
import type { SalvagedValue } from './batch-format.js';
import { encodeBatchRecord, type RecordPlace } from './encode-batch-record.js';
import { findInvalidUtf8 } from './find-invalid-utf8.js';
import type { BatchCounts } from './types.js';

/** A range of whole run-log lines, as UTF-8 bytes, and the settings to read them. */
export interface ChunkInput {
  /** Whole lines, each ending with `\n` except possibly the log's last line. */
  bytes: Uint8Array;
  /** 1-based line number of the first line. */
  firstLine: number;
  /** Dotted path to the raw model text. */
  field: string;
  /** Dotted path to the record id. */
  idField: string;
  /** Write `raw` on every success. */
  includeRaw: boolean;
  /** Write the partial value of each `truncated` failure beside it (`RunBatchOptions.salvageTruncated`). */
  salvageTruncated?: boolean;
  /** The input file, written on each result line in a run of several inputs. */
  file?: string;
  /**
   * Set for lines the pipeline must not run on (a record that exhausted a thread's memory):
   * each non-blank line gets a `bad_record` result with this reason, its id and agent kept.
   */
  refusal?: string;
  /**
   * Where to write the results when they fit: shared memory the calling thread reuses from
   * chunk to chunk. Results that do not fit come back in a buffer of their own.
   */
  into?: Uint8Array;
}

/** NDJSON bytes of the chunk's results (one line per non-blank input line, in order) and their counts. */
export interface ChunkOutput {
  bytes: Uint8Array;
  counts: BatchCounts;
}

const encoder = new TextEncoder();

/**
 * The thread's output buffer, reused from chunk to chunk: result lines are encoded into it one
 * by one, and a chunk hands back an exact-size copy. A chunk's text is never built as one
 * string (a concatenation of thousands of lines that encoding would first have to flatten).
 */
const SCRATCH_BYTES = 1024 * 1024;
let scratch = new Uint8Array(SCRATCH_BYTES);

/** Appends `line` and a line break to the scratch buffer at `at`; returns the new end. */
function appendLine(line: string, at: number): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  const room = line.length * 3 + 1;
  if (scratch.length - at < room) {
    const grown = new Uint8Array(Math.max(scratch.length * 2, at + room));
    grown.set(scratch.subarray(0, at));
    scratch = grown;
  }
  const end = at + encoder.encodeInto(line, scratch.subarray(at)).written;
  scratch[end] = 10;
  return end + 1;
}

function badRecord(message: string): ParseFailure {
  return { success: false, failure: 'bad_record', extractionError: message, interventions: [], repairApplied: false };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A result line, and whether it carries the salvaged value it was given. */
interface EncodedLine {
  text: string;
  salvaged: boolean;
}

function serialize(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean, salvaged: SalvagedValue | undefined): EncodedLine {
  try {
    return { text: encodeBatchRecord(place, result, includeRaw, salvaged), salvaged: salvaged !== undefined };
  } catch (error) {
    // A salvage that cannot be written must not cost the record its failure line.
    if (salvaged !== undefined) return serialize(place, result, includeRaw, undefined);
    // Only a contract transform producing a cyclic value gets here.
    return { text: encodeBatchRecord(place, badRecord(`line ${place.line}: result could not be serialized: ${firstLine(String(error))}`), includeRaw), salvaged: false };
  }
}

interface Located {
  result: ParseResult<unknown>;
  id: string | number | null;
  agent: string | undefined;
  /** The partial value of a `truncated` failure, when the run salvages them. */
  salvaged?: SalvagedValue | undefined;
}

/** The record's id and agent, when it has them. */
function placeOf(record: object, input: ChunkInput): Pick<Located, 'id' | 'agent'> {
  const idValue = getPath(record, input.idField);
  const agentValue = getPath(record, 'agent');
  return { id: typeof idValue === 'string' || typeof idValue === 'number' ? idValue : null, agent: typeof agentValue === 'string' ? agentValue : undefined };
}

/** A line refused unread: a `bad_record` with the reason, and its id and agent when its envelope parses. */
function refusedLine(line: string, lineNumber: number, input: ChunkInput, reason: string): Located {
  const result = badRecord(`line ${lineNumber}: ${reason}`);
  try {
    const record: unknown = JSON.parse(line);
    return typeof record === 'object' && record !== null ? { result, ...placeOf(record, input) } : { result, id: null, agent: undefined };
  } catch {
    return { result, id: null, agent: undefined };
  }
}

function processLine(line: string, lineNumber: number, input: ChunkInput, contract: Contract, options: SafeParseOptions | undefined): Located {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    return { result: badRecord(`line ${lineNumber}: malformed JSON: ${firstLine(String((error as Error).message))}`), id: null, agent: undefined };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { result: badRecord(`line ${lineNumber}: the record is ${typeName(record)}, not a JSON object`), id: null, agent: undefined };
  }
  const { id, agent } = placeOf(record, input);
  const raw = getPath(record, input.field);
  if (raw === undefined) return { result: badRecord(`line ${lineNumber}: field "${input.field}" is missing`), id, agent };
  if (typeof raw !== 'string') return { result: badRecord(`line ${lineNumber}: field "${input.field}" is ${typeName(raw)}, not a string`), id, agent };
  try {
    const result = safeParse(raw, contract, options);
    return { result, id, agent, salvaged: input.salvageTruncated === true ? salvageTruncated(result, raw, contract, options) : undefined };
  } catch (error) {
    // safeParse promises never to throw; if it does, the record still gets a result.
    return { result: badRecord(`line ${lineNumber}: internal error: ${firstLine(String(error))}`), id, agent };
  }
}

/** Space, tab, CR and the other whitespace a blank line may hold (as `/\s/` counts it in ASCII). */
function isBlank(line: string): boolean {
  return line.length === 0 || /^\s*$/.test(line);
}

/**
 * Runs the pipeline over a range of run-log lines: decodes and splits them,
 * parses each record and serializes each result, so the calling thread gets
 * bytes ready to write. Blank lines give no result but count as lines.
 * `context` is the run's context (see `RunBatchOptions.context`), given to every record's safeParse.
 *
 * @example
 * const { bytes, counts } = processChunk({ bytes: Buffer.from('{"output":"{}"}\n'), firstLine: 1, field: 'output', idField: 'id', includeRaw: false }, contract);
 * processChunk(input, contract, { ticket_id: 'T-1' }); // checks that need context.ticket_id can run
 */
export function processChunk(input: ChunkInput, contract: Contract, context?: Readonly<Record<string, unknown>>): ChunkOutput {
  const counts = emptyCounts();
  // One options object per chunk, and none at all without a context: the call stays as it was.
  const options = context === undefined ? undefined : { context };
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  let written = 0;
  let lineNumber = input.firstLine;
  // One native check per chunk; lines are searched for the bad byte only when it fails.
  const utf8 = isUtf8(bytes);
  for (let start = 0; start < bytes.length; lineNumber++) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    // A CRLF log reads as LF: the CR belongs to the line break.
    const contentEnd = end > start && bytes[end - 1] === 13 ? end - 1 : end;
    const line = bytes.toString('utf8', start, contentEnd);
    const lineBytes = contentEnd - start + 1;
    const invalidAt = utf8 ? -1 : findInvalidUtf8(bytes, start, contentEnd);
    start = end + 1;
    if (isBlank(line)) continue;
    const { result, id, agent, salvaged } = invalidAt !== -1
      ? { result: badRecord(`line ${lineNumber}: invalid UTF-8 at byte ${invalidAt} of the line`), id: null, agent: undefined }
      : input.refusal !== undefined
        ? refusedLine(line, lineNumber, input, input.refusal)
        : processLine(line, lineNumber, input, contract, options);
    const place = { line: lineNumber, id, agent, file: input.file };
    countResult(counts, result, agent, place);
    counts.inputBytes += lineBytes;
    const encoded = serialize(place, result, input.includeRaw, salvaged);
    if (encoded.salvaged) counts.salvaged++;
    written = appendLine(encoded.text, written);
  }
  const { into } = input;
  let output: Uint8Array;
  if (into !== undefined && written <= into.length) {
    into.set(scratch.subarray(0, written));
    output = into.subarray(0, written);
  } else output = scratch.slice(0, written);
  // A chunk of huge records grew the buffer: let it go rather than hold it for the thread's life.
  if (scratch.length > 8 * SCRATCH_BYTES) scratch = new Uint8Array(SCRATCH_BYTES);
  return { bytes: output, counts };
}
