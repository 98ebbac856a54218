/**
 * The unit of work a thread runs: a chunk of raw JSONL lines in, their NDJSON
 * result lines and counts out. Pure apart from the contract it is given, and
 * total: a bad line or even a pipeline bug becomes a `bad_record` result.
 */
import { safeParse, type Contract, type ParseFailure, type ParseResult } from '@airlock/core';
import { countResult, emptyCounts } from './batch-counts.js';
import { firstLine } from './batch-error.js';
import { getPath } from './get-path.js';
import { encodeBatchRecord, type RecordPlace } from './encode-batch-record.js';
import type { BatchCounts } from './types.js';

/** A chunk of input lines (blank lines already skipped) with their 1-based line numbers. */
export interface ChunkInput {
  lines: string[];
  lineNumbers: number[];
  /** Dotted path to the raw model text. */
  field: string;
  /** Dotted path to the record id. */
  idField: string;
  /** Write `raw` on every success. */
  includeRaw: boolean;
}

/** NDJSON text of the chunk's results (one line per input line, in order) and their counts. */
export interface ChunkOutput {
  text: string;
  counts: BatchCounts;
}

function badRecord(message: string): ParseFailure {
  return { success: false, failure: 'bad_record', extractionError: message, interventions: [], repairApplied: false };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function serialize(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean): string {
  try {
    return encodeBatchRecord(place, result, includeRaw);
  } catch (error) {
    // Only a contract transform producing a cyclic value gets here.
    return encodeBatchRecord(place, badRecord(`line ${place.line}: result could not be serialized: ${firstLine(String(error))}`), includeRaw);
  }
}

interface Located {
  result: ParseResult<unknown>;
  id: string | number | null;
  agent: string | undefined;
}

function processLine(line: string, lineNumber: number, input: ChunkInput, contract: Contract): Located {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    return { result: badRecord(`line ${lineNumber}: malformed JSON: ${firstLine(String((error as Error).message))}`), id: null, agent: undefined };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { result: badRecord(`line ${lineNumber}: the record is ${typeName(record)}, not a JSON object`), id: null, agent: undefined };
  }
  const idValue = getPath(record, input.idField);
  const id = typeof idValue === 'string' || typeof idValue === 'number' ? idValue : null;
  const agentValue = getPath(record, 'agent');
  const agent = typeof agentValue === 'string' ? agentValue : undefined;
  const raw = getPath(record, input.field);
  if (raw === undefined) return { result: badRecord(`line ${lineNumber}: field "${input.field}" is missing`), id, agent };
  if (typeof raw !== 'string') return { result: badRecord(`line ${lineNumber}: field "${input.field}" is ${typeName(raw)}, not a string`), id, agent };
  try {
    return { result: safeParse(raw, contract), id, agent };
  } catch (error) {
    // safeParse promises never to throw; if it does, the record still gets a result.
    return { result: badRecord(`line ${lineNumber}: internal error: ${firstLine(String(error))}`), id, agent };
  }
}

/**
 * Runs the pipeline over a chunk of run-log lines.
 *
 * @example
 * const { text, counts } = processChunk({ lines: ['{"output":"{}"}'], lineNumbers: [1], field: 'output', idField: 'id', includeRaw: false }, contract);
 */
export function processChunk(input: ChunkInput, contract: Contract): ChunkOutput {
  const counts = emptyCounts();
  let text = '';
  for (let k = 0; k < input.lines.length; k++) {
    const line = input.lines[k]!;
    const lineNumber = input.lineNumbers[k]!;
    const { result, id, agent } = processLine(line, lineNumber, input, contract);
    countResult(counts, result, agent);
    counts.inputBytes += Buffer.byteLength(line, 'utf8') + 1;
    text += `${serialize({ line: lineNumber, id, agent }, result, input.includeRaw)}\n`;
  }
  return { text, counts };
}
