/**
 * Writes one result line of a batch output (format 2, see `batch-format.ts`), on whichever
 * thread runs the chunk. The line is the wire record (positional interventions and
 * candidate, flags only when true) serialized by one `JSON.stringify` call: V8's serializer is
 * native code, fast from the first record, where text concatenated in JavaScript runs slowly
 * until the engine has optimized it, which a fresh process never waits for. Measured 2026-11-29
 * (0.1.0, Node 20, the bench's 20 MB log, 10,246 records, a fresh process's first pass): 271–363
 * against 396–560 ms for the hand-written text it replaces, and 190–305 against 326–347 ms warm;
 * the same bytes.
 */
import type { CandidateInfo, Intervention, ParseResult } from '@airlock/core';
import type { SalvagedValue, ShortWireIntervention, WireCandidate, WireIntervention, WireRecord } from './batch-format.js';
import { sameJsonValue } from './same-json-value.js';

/** Where a result came from in the run log. */
export interface RecordPlace {
  line: number;
  /** The input file, in a run of several inputs. */
  file?: string | undefined;
  id: string | number | null;
  agent: string | undefined;
}

/** BigInts (from a contract's transform) have no JSON form; a string keeps the line valid. */
function bigintReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** JSON text of a record; a replacer slows every call, so it is used only once a BigInt was met. */
function toJson(record: WireRecord): string {
  try {
    return JSON.stringify(record);
  } catch (error) {
    if (error instanceof TypeError && /bigint/i.test(error.message)) return JSON.stringify(record, bigintReplacer);
    throw error;
  }
}

/** A field the wire writes (absent ones are `undefined` or `null` alike). */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * One intervention on the wire: `[rule, stage, category, message, span, path, before, after, also]`,
 * or the short `[rule, span, path, before, after, also]`; absent fields `null`, trailing absent
 * fields dropped.
 *
 * @example
 * toWireIntervention({ rule: 'trailing_comma', stage: 'parse', category: 'parser_fix', message: 'Removed a trailing comma.', span: [9, 10], before: ',', after: '' }, false);
 * // ['trailing_comma', 'parse', 'parser_fix', 'Removed a trailing comma.', [9, 10], null, ',', '']
 */
export function toWireIntervention(i: Intervention, short: boolean): WireIntervention | ShortWireIntervention {
  const wire: unknown[] = short ? [i.rule] : [i.rule, i.stage, i.category, i.message];
  const also = i.also !== undefined && i.also.length > 0;
  const fields = also ? 5 : present(i.after) ? 4 : present(i.before) ? 3 : present(i.path) ? 2 : present(i.span) ? 1 : 0;
  if (fields >= 1) wire.push(i.span ?? null);
  if (fields >= 2) wire.push(i.path ?? null);
  if (fields >= 3) wire.push(i.before ?? null);
  if (fields >= 4) wire.push(i.after ?? null);
  if (also) wire.push(i.also);
  return wire as WireIntervention | ShortWireIntervention;
}

/**
 * A candidate as a positional array (see {@link WireCandidate}).
 *
 * @example
 * toWireCandidate({ source: 'fenced', format: 'json', span: [10, 52], prefixStripped: false, fenceInfo: 'json' });
 * // ['fenced', 'json', 10, 52, null, 'json']
 */
export function toWireCandidate(c: CandidateInfo): WireCandidate {
  const wire: WireCandidate = [c.source, c.format, c.span[0], c.span[1], c.prefixStripped ? 1 : null, c.fenceInfo ?? null, c.tag ?? null];
  let end = wire.length;
  while (end > 4 && (wire[end - 1] === null || wire[end - 1] === undefined)) end--;
  wire.length = end;
  return wire;
}

/** Same stage, category and message: what repeats when a rule fires many times in one output. */
function sameHeader(a: Intervention, b: Intervention): boolean {
  return a.stage === b.stage && a.category === b.category && a.message === b.message;
}

/**
 * The interventions array: an intervention whose stage, category and message
 * equal those of the last one of its rule in the same record is written short
 * (format 2, see `batch-format.ts`); a record with 30 single-quote repairs then
 * carries their sentence once.
 */
function wireInterventions(interventions: readonly Intervention[]): (WireIntervention | ShortWireIntervention)[] {
  const lastOfRule = new Map<string, Intervention>();
  const wire = new Array<WireIntervention | ShortWireIntervention>(interventions.length);
  for (let k = 0; k < interventions.length; k++) {
    const i = interventions[k]!;
    const last = lastOfRule.get(i.rule);
    wire[k] = toWireIntervention(i, last !== undefined && sameHeader(last, i));
    lastOfRule.set(i.rule, i);
  }
  return wire;
}

/**
 * The wire record of one result (keys in the order {@link WireRecord} lists them; a value
 * without a JSON form, such as an `undefined` output, leaves its key out of the line).
 * `salvaged` (a `truncated` failure's partial value) is written after the failure's own fields.
 */
function wireRecord(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean, salvaged: SalvagedValue | undefined): WireRecord {
  // Written in this order: `file` stands between `line` and `id` when the run has several inputs.
  const record: WireRecord = place.file === undefined ? { line: place.line, id: place.id } : { line: place.line, file: place.file, id: place.id };
  if (place.agent !== undefined) record.agent = place.agent;
  if (result.success) {
    record.data = result.data;
    if (includeRaw || !sameJsonValue(result.raw, result.data)) record.raw = result.raw;
  } else {
    record.failure = result.failure;
    if (result.extractionError !== undefined) record.error = result.extractionError;
    if (result.validationErrors !== undefined) record.validationErrors = result.validationErrors;
    if (result.raw !== undefined) record.raw = result.raw;
    if (salvaged !== undefined) record.salvaged = { data: salvaged.data, states: salvaged.states };
  }
  if (result.candidate !== undefined) record.candidate = toWireCandidate(result.candidate);
  if (result.interventions.length > 0) record.interventions = wireInterventions(result.interventions);
  if (result.repairApplied) record.repaired = true;
  if (result.success && result.normalized) record.normalized = true;
  if (result.success && result.truncated) record.truncated = true;
  return record;
}

/**
 * One NDJSON result line (without its newline). Throws only when `data`, `raw` or the salvaged
 * value cannot be serialized (a contract transform returning a cyclic value).
 *
 * @example
 * encodeBatchRecord({ line: 1, id: 'r1', agent: undefined }, safeParse('{"a":1}', contract), false);
 * // '{"line":1,"id":"r1","data":{"a":1},"candidate":["raw","json",0,7]}'
 */
export function encodeBatchRecord(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean, salvaged?: SalvagedValue): string {
  return toJson(wireRecord(place, result, includeRaw, salvaged));
}
