/**
 * Writes one result line of a batch output (format 2, see `batch-format.ts`).
 * Runs in the worker threads: the line is built by concatenating the
 * serialized parts, so the only large `JSON.stringify` calls are on `data`
 * (and on `raw` when it differs from `data`).
 */
import type { CandidateInfo, Intervention, ParseResult } from '@airlock/core';
import type { SalvagedValue, WireCandidate } from './batch-format.js';
import { quoteJson } from '@airlock/core/internal';
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

/** JSON text of a value; a replacer slows every call, so it is used only once a BigInt was met. */
function toJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError && /bigint/i.test(error.message)) return JSON.stringify(value, bigintReplacer);
    throw error;
  }
}

/** `,[a,b]` for a span, `,null` when absent. */
function spanJson(span: Intervention['span']): string {
  return span === undefined ? ',null' : `,[${span[0]},${span[1]}]`;
}

/** Quoted rules, stages, categories and messages: few distinct values, written over and over. */
const quotedWords = new Map<string, string>();
/** A message may carry an excerpt of the output: past this many entries, nothing more is kept. */
const MAX_QUOTED_WORDS = 4096;

function quoteWord(word: string): string {
  let quoted = quotedWords.get(word);
  if (quoted === undefined) {
    quoted = quoteJson(word);
    if (quotedWords.size < MAX_QUOTED_WORDS) quotedWords.set(word, quoted);
  }
  return quoted;
}

/** `,<json>` of an optional string, `,null` when absent. */
function optionalString(value: string | undefined | null): string {
  return value === undefined || value === null ? ',null' : `,${quoteJson(value)}`;
}

/** `,<json>` of an optional path, `,null` when absent. */
function optionalPath(value: Intervention['path'] | null): string {
  return value === undefined || value === null ? ',null' : `,${JSON.stringify(value)}`;
}

/** A field the wire writes (absent ones are `undefined` or `null` alike). */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The JSON of one intervention on the wire, written directly (no array built per
 * intervention): `[rule, stage, category, message, span, path, before, after, also]`, or the short
 * `[rule, span, path, before, after, also]`; absent fields `null`, trailing absent fields dropped.
 *
 * @example
 * interventionJson({ rule: 'trailing_comma', stage: 'parse', category: 'parser_fix', message: 'Removed a trailing comma.', span: [9, 10], before: ',', after: '' }, false);
 * // '["trailing_comma","parse","parser_fix","Removed a trailing comma.",[9,10],null,",",""]'
 */
export function interventionJson(i: Intervention, short: boolean): string {
  let text = `[${quoteWord(i.rule)}`;
  if (!short) text += `,${quoteWord(i.stage)},${quoteWord(i.category)},${quoteWord(i.message)}`;
  const also = i.also !== undefined && i.also.length > 0;
  const fields = also ? 5 : present(i.after) ? 4 : present(i.before) ? 3 : present(i.path) ? 2 : present(i.span) ? 1 : 0;
  if (fields >= 1) text += spanJson(i.span);
  if (fields >= 2) text += optionalPath(i.path);
  if (fields >= 3) text += optionalString(i.before);
  if (fields >= 4) text += optionalString(i.after);
  if (also) text += `,${JSON.stringify(i.also)}`;
  return `${text}]`;
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

/** The JSON of {@link toWireCandidate}'s array, written item by item (source and format are cached words). */
function candidateJson(c: CandidateInfo): string {
  const wire = toWireCandidate(c);
  let text = '[';
  for (let k = 0; k < wire.length; k++) {
    const item = wire[k];
    const json = typeof item === 'string' ? (k < 2 ? quoteWord(item) : quoteJson(item)) : item === null || item === undefined ? 'null' : String(item);
    text += k === 0 ? json : `,${json}`;
  }
  return `${text}]`;
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
function wireInterventions(interventions: readonly Intervention[]): string {
  const lastOfRule = new Map<string, Intervention>();
  let text = '[';
  for (let k = 0; k < interventions.length; k++) {
    const i = interventions[k]!;
    const last = lastOfRule.get(i.rule);
    text += (k === 0 ? '' : ',') + interventionJson(i, last !== undefined && sameHeader(last, i));
    lastOfRule.set(i.rule, i);
  }
  return `${text}]`;
}

/** `,"key":<json>` or nothing when the value has no JSON form. */
function member(key: string, value: unknown): string {
  const json = toJson(value);
  return json === undefined ? '' : `,"${key}":${json}`;
}

/**
 * One NDJSON result line (without its newline). Throws only when `data` or
 * `raw` cannot be serialized (a contract transform returning a cyclic value).
 * `salvaged` (a `truncated` failure's partial value) is written after the failure's own fields.
 *
 * @example
 * encodeBatchRecord({ line: 1, id: 'r1', agent: undefined }, safeParse('{"a":1}', contract), false);
 * // '{"line":1,"id":"r1","data":{"a":1},"candidate":["raw","json",0,7]}'
 */
export function encodeBatchRecord(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean, salvaged?: SalvagedValue): string {
  let text = `{"line":${place.line}`;
  if (place.file !== undefined) text += `,"file":${JSON.stringify(place.file)}`;
  text += `,"id":${JSON.stringify(place.id)}`;
  if (place.agent !== undefined) text += `,"agent":${JSON.stringify(place.agent)}`;
  if (result.success) {
    text += member('data', result.data);
    if (includeRaw || !sameJsonValue(result.raw, result.data)) text += member('raw', result.raw);
  } else {
    text += `,"failure":${JSON.stringify(result.failure)}`;
    if (result.extractionError !== undefined) text += `,"error":${JSON.stringify(result.extractionError)}`;
    if (result.validationErrors !== undefined) text += `,"validationErrors":${JSON.stringify(result.validationErrors)}`;
    if (result.raw !== undefined) text += member('raw', result.raw);
    if (salvaged !== undefined) text += `,"salvaged":{${member('data', salvaged.data).slice(1)},"states":${JSON.stringify(salvaged.states)}}`;
  }
  if (result.candidate !== undefined) text += `,"candidate":${candidateJson(result.candidate)}`;
  if (result.interventions.length > 0) text += `,"interventions":${wireInterventions(result.interventions)}`;
  if (result.repairApplied) text += ',"repaired":true';
  if (result.success && result.normalized) text += ',"normalized":true';
  if (result.success && result.truncated) text += ',"truncated":true';
  return `${text}}`;
}
