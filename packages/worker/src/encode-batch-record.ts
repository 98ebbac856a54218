/**
 * Writes one result line of a batch output (format 2, see `batch-format.ts`).
 * Runs in the worker threads: the line is built by concatenating the
 * serialized parts, so the only large `JSON.stringify` calls are on `data`
 * (and on `raw` when it differs from `data`).
 */
import type { CandidateInfo, Intervention, ParseResult } from '@airlock/core';
import type { ShortWireIntervention, WireCandidate, WireIntervention } from './batch-format.js';
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

function trimTrailingNulls<T extends unknown[]>(tuple: T, keep: number): T {
  let end = tuple.length;
  while (end > keep && (tuple[end - 1] === null || tuple[end - 1] === undefined)) end--;
  tuple.length = end;
  return tuple;
}

/**
 * An intervention as a positional array (see {@link WireIntervention}).
 *
 * @example
 * toWireIntervention({ rule: 'trailing_comma', stage: 'parse', category: 'parser_fix', message: 'Removed a trailing comma.', span: [9, 10], before: ',', after: '' });
 * // ['trailing_comma', 'parse', 'parser_fix', 'Removed a trailing comma.', [9, 10], null, ',', '']
 */
export function toWireIntervention(i: Intervention): WireIntervention {
  const span: [number, number] | null = i.span === undefined ? null : [i.span[0], i.span[1]];
  return trimTrailingNulls<WireIntervention>([i.rule, i.stage, i.category, i.message, span, i.path ?? null, i.before ?? null, i.after ?? null], 4);
}

/** The short form: `[rule, span, path, before, after]`, trailing absent fields dropped. */
function toShortWireIntervention(i: Intervention): ShortWireIntervention {
  const span: [number, number] | null = i.span === undefined ? null : [i.span[0], i.span[1]];
  return trimTrailingNulls<ShortWireIntervention>([i.rule, span, i.path ?? null, i.before ?? null, i.after ?? null], 1);
}

/**
 * A candidate as a positional array (see {@link WireCandidate}).
 *
 * @example
 * toWireCandidate({ source: 'fenced', format: 'json', span: [10, 52], prefixStripped: false, fenceInfo: 'json' });
 * // ['fenced', 'json', 10, 52, null, 'json']
 */
export function toWireCandidate(c: CandidateInfo): WireCandidate {
  return trimTrailingNulls<WireCandidate>([c.source, c.format, c.span[0], c.span[1], c.prefixStripped ? 1 : null, c.fenceInfo ?? null, c.tag ?? null], 4);
}

/** Stage, category and message: what repeats when a rule fires many times in one output. */
function headerOf(i: Intervention): string {
  return `${i.rule}\0${i.stage}\0${i.category}\0${i.message}`;
}

/**
 * The interventions array: an intervention whose stage, category and message
 * equal those of the last one of its rule in the same record is written short
 * (see {@link WireIntervention}); a record with 30 single-quote repairs then
 * carries their sentence once.
 */
function wireInterventions(interventions: readonly Intervention[]): string {
  const lastHeader = new Map<string, string>();
  let text = '[';
  for (let k = 0; k < interventions.length; k++) {
    const i = interventions[k]!;
    const header = headerOf(i);
    const wire = lastHeader.get(i.rule) === header ? toShortWireIntervention(i) : toWireIntervention(i);
    lastHeader.set(i.rule, header);
    text += (k === 0 ? '' : ',') + JSON.stringify(wire);
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
 *
 * @example
 * encodeBatchRecord({ line: 1, id: 'r1', agent: undefined }, safeParse('{"a":1}', contract), false);
 * // '{"line":1,"id":"r1","data":{"a":1},"candidate":["raw","json",0,7]}'
 */
export function encodeBatchRecord(place: RecordPlace, result: ParseResult<unknown>, includeRaw: boolean): string {
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
  }
  if (result.candidate !== undefined) text += `,"candidate":${JSON.stringify(toWireCandidate(result.candidate))}`;
  if (result.interventions.length > 0) text += `,"interventions":${wireInterventions(result.interventions)}`;
  if (result.repairApplied) text += ',"repaired":true';
  if (result.success && result.normalized) text += ',"normalized":true';
  if (result.success && result.truncated) text += ',"truncated":true';
  return `${text}}`;
}
