/**
 * The one reader of batch outputs: turns an NDJSON result file into its
 * metadata and typed records, each carrying a full `ParseResult` again. Every
 * consumer (`airlock diff`, reports) reads outputs through here, so the line
 * format can change in one place; a file of another format version is refused
 * with a one-line error instead of being misread.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { CandidateInfo, Intervention, ParseResult } from '@airlock/core';
import { BATCH_FORMAT_VERSION, type SalvagedValue, type ShortWireIntervention, type WireCandidate, type WireIntervention, type WireRecord } from './batch-format.js';
import { BatchError, describeIoError } from './batch-error.js';
import type { BatchMetadata } from './types.js';

/**
 * One record of a batch output, as {@link readBatchOutput} yields it.
 *
 * `result` is the `ParseResult` the pipeline returned for the record. On a
 * success whose raw value equalled its data (as JSON, key order aside) the file
 * stores no `raw`, and `result.raw` is then the same object as `result.data`.
 *
 * @example
 * const record: BatchResultRecord = {
 *   line: 3, id: 'r3', agent: 'coder',
 *   result: { success: false, failure: 'syntax', extractionError: 'Unexpected end of JSON input', interventions: [], repairApplied: false },
 * };
 */
export interface BatchResultRecord {
  /** 1-based line of the record in the run log. */
  line: number;
  /** The input file, in an output of several inputs. */
  file?: string;
  /** The record's id field (a string or number), else null. */
  id: string | number | null;
  /** The record's `agent` field, when it is a string. */
  agent?: string;
  result: ParseResult<unknown>;
  /** A `truncated` failure's partial value and open paths, in an output of a run with `salvageTruncated`. */
  salvaged?: SalvagedValue;
}

/** An open batch output: its metadata line, then its records in input order. */
export interface BatchOutputReader extends AsyncIterable<BatchResultRecord> {
  path: string;
  metadata: BatchMetadata['airlock'];
  /** Stops reading (also done when a `for await` loop ends or breaks). */
  close(): Promise<void>;
}

function fail(reason: string): never {
  throw new Error(reason);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Header = Pick<Intervention, 'rule' | 'stage' | 'category' | 'message'>;

/** Decodes one intervention; `headers` holds the last full header per rule of the record. */
function decodeIntervention(wire: unknown, headers: Map<string, Header>): Intervention {
  if (!Array.isArray(wire) || typeof wire[0] !== 'string') fail('an intervention is not an array starting with its rule');
  let header: Header;
  let rest: unknown[];
  if (typeof wire[1] === 'string') {
    const [rule, stage, category, message] = wire as WireIntervention;
    if (typeof message !== 'string') fail(`intervention ${rule} has no message`);
    header = { rule, stage, category, message } as Header;
    headers.set(rule, header);
    rest = wire.slice(4);
  } else {
    const known = headers.get(wire[0]);
    if (known === undefined) fail(`intervention ${wire[0]} is short but no earlier one of its rule gives its message`);
    header = known;
    rest = wire.slice(1);
  }
  const [span, path, before, after, also] = rest as [ShortWireIntervention[1], ShortWireIntervention[2], ShortWireIntervention[3], ShortWireIntervention[4], ShortWireIntervention[5]];
  const intervention: Intervention = { ...header };
  if (Array.isArray(span)) intervention.span = [Number(span[0]), Number(span[1])];
  if (Array.isArray(path)) intervention.path = path;
  if (typeof before === 'string') intervention.before = before;
  if (typeof after === 'string') intervention.after = after;
  if (Array.isArray(also) && also.every((code) => typeof code === 'string')) intervention.also = also as NonNullable<Intervention['also']>;
  return intervention;
}

function decodeInterventions(wire: unknown): Intervention[] {
  if (wire === undefined) return [];
  if (!Array.isArray(wire)) fail('"interventions" is not an array');
  const headers = new Map<string, Header>();
  return wire.map((item) => decodeIntervention(item, headers));
}

const PATH_STATES = new Set(['incomplete', 'missing']);

function decodeSalvaged(wire: unknown): SalvagedValue {
  if (!isObject(wire) || !isObject(wire['states'])) fail('"salvaged" is not an object with "states"');
  // Rebuilt with a null prototype: a path named __proto__ is just a key.
  const states = Object.create(null) as SalvagedValue['states'];
  for (const [path, state] of Object.entries(wire['states'])) {
    if (typeof state !== 'string' || !PATH_STATES.has(state)) fail(`"salvaged" gives path ${path} the state ${JSON.stringify(state)}`);
    states[path] = state as 'incomplete' | 'missing';
  }
  return { data: wire['data'], states };
}

function decodeCandidate(wire: unknown): CandidateInfo {
  if (!Array.isArray(wire) || wire.length < 4) fail('the candidate is not an array of at least 4 items');
  const [source, format, start, end, prefixStripped, fenceInfo, tag] = wire as WireCandidate;
  const candidate = { source, format, span: [start, end], prefixStripped: prefixStripped === 1 } as CandidateInfo;
  if (typeof fenceInfo === 'string') candidate.fenceInfo = fenceInfo;
  if (typeof tag === 'string') candidate.tag = tag;
  return candidate;
}

/**
 * Decodes one result line of a format-2 output. Throws an `Error` saying what is
 * wrong with the line.
 *
 * @example
 * decodeBatchRecord('{"line":1,"id":"a","data":{"x":1},"candidate":["raw","json",0,7]}').result.success; // true
 */
export function decodeBatchRecord(text: string): BatchResultRecord {
  const wire: unknown = JSON.parse(text);
  if (!isObject(wire)) fail('the line is not a JSON object');
  const w = wire as unknown as WireRecord;
  if (!Number.isSafeInteger(w.line)) fail('"line" is not an integer');
  const id = typeof w.id === 'string' || typeof w.id === 'number' ? w.id : null;
  const interventions = decodeInterventions(w.interventions);
  const candidate = w.candidate === undefined ? undefined : decodeCandidate(w.candidate);
  const repairApplied = w.repaired === true;
  let result: ParseResult<unknown>;
  if (w.failure === undefined) {
    if (candidate === undefined) fail('a success has no candidate');
    const raw = Object.prototype.hasOwnProperty.call(w, 'raw') ? w.raw : w.data;
    result = { success: true, data: w.data, raw, candidate, interventions, repairApplied, normalized: w.normalized === true, truncated: w.truncated === true };
  } else {
    if (typeof w.failure !== 'string') fail('"failure" is not a string');
    result = { success: false, failure: w.failure as never, interventions, repairApplied };
    if (typeof w.error === 'string') result.extractionError = w.error;
    if (Array.isArray(w.validationErrors)) result.validationErrors = w.validationErrors;
    if (Object.prototype.hasOwnProperty.call(w, 'raw')) result.raw = w.raw;
    if (candidate !== undefined) result.candidate = candidate;
  }
  const record: BatchResultRecord = { line: w.line, id, result };
  if (typeof w.file === 'string') record.file = w.file;
  if (typeof w.agent === 'string') record.agent = w.agent;
  if (w.failure !== undefined && w.salvaged !== undefined) record.salvaged = decodeSalvaged(w.salvaged);
  return record;
}

/** The format a metadata line declares: outputs from before the version field are format 1. */
function formatOf(metadata: BatchMetadata['airlock']): number {
  const format = (metadata as { format?: unknown }).format;
  return format === undefined ? 1 : typeof format === 'number' ? format : NaN;
}

/**
 * Checks a parsed metadata line and returns its `airlock` part; throws a
 * {@link BatchError} naming the file when it is no batch output or one of
 * another format version.
 *
 * @example
 * checkBatchMetadata(JSON.parse(firstLine), 'out.ndjson').contract.fingerprint;
 */
export function checkBatchMetadata(value: unknown, path: string): BatchMetadata['airlock'] {
  const metadata = isObject(value) ? value['airlock'] : undefined;
  if (!isObject(metadata)) throw new BatchError('input', `${path} is not an airlock batch output (no metadata line)`);
  const airlock = metadata as unknown as BatchMetadata['airlock'];
  const format = formatOf(airlock);
  if (format !== BATCH_FORMAT_VERSION) {
    const by = typeof airlock.version === 'string' ? ` (written by airlock ${airlock.version})` : '';
    throw new BatchError('input', `${path} is a batch output of format ${String(format)}${by}; this airlock reads format ${BATCH_FORMAT_VERSION}: rerun the batch with this version`);
  }
  return airlock;
}

/**
 * Opens a batch output for reading: checks its metadata line at once, then
 * streams its records (in input order) without holding the file in memory.
 * Errors are {@link BatchError}s with one-line messages naming the file and line.
 *
 * @example
 * const output = await readBatchOutput('results.ndjson');
 * console.log(output.metadata.contract.name);
 * for await (const record of output) if (!record.result.success) console.log(record.line, record.result.failure);
 */
export async function readBatchOutput(path: string): Promise<BatchOutputReader> {
  try {
    // Opening first turns a missing file into a one-line error instead of a stream event.
    await (await open(path, 'r')).close();
  } catch (error) {
    throw new BatchError('input', `cannot read ${path}: ${describeIoError(error)}`);
  }
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const close = async (): Promise<void> => {
    await lines.return?.();
    stream.destroy();
  };
  let metadata: BatchMetadata['airlock'];
  try {
    const first = await lines.next();
    let value: unknown;
    try {
      value = first.done === true ? undefined : JSON.parse(first.value);
    } catch {
      value = undefined;
    }
    metadata = checkBatchMetadata(value, path);
  } catch (error) {
    await close();
    throw error instanceof BatchError ? error : new BatchError('input', `cannot read ${path}: ${describeIoError(error)}`);
  }
  async function* records(): AsyncGenerator<BatchResultRecord> {
    let fileLine = 1;
    try {
      for (let next = await lines.next(); next.done !== true; next = await lines.next()) {
        fileLine++;
        if (next.value === '') continue;
        let record: BatchResultRecord;
        try {
          record = decodeBatchRecord(next.value);
        } catch (error) {
          throw new BatchError('input', `${path}:${fileLine}: malformed result line: ${(error as Error).message}`);
        }
        yield record;
      }
    } finally {
      await close();
    }
  }
  return { path, metadata, close, [Symbol.asyncIterator]: records };
}
