/**
 * Single-line flow collections (`[a, b]`, `{k: v}`) of scalars and nested
 * flow collections. A collection still open at the end of the line, an empty
 * entry, a single-pair mapping inside a sequence, or a plain scalar holding
 * `:` or `#` all bail.
 */
import { fastYamlBail } from './fast-yaml-bail.js';
import { pendingBase, pushPendingItem, takePendingItems } from './pending-items.js';
import { readQuotedScalar } from './read-quoted-scalar.js';
import { coreKeyString, resolveCoreScalar } from './resolve-core-scalar.js';
import { setOwnKey } from './set-own-key.js';
import { FAST_YAML_MAX_DEPTH } from './yaml-lines.js';

/** A value read from `line` and the index just after it. */
export interface FlowRead {
  value: unknown;
  end: number;
}

function skipSpaces(line: string, at: number): number {
  let i = at;
  while (line.charCodeAt(i) === 0x20) i += 1;
  return i;
}

function isFlowIndicator(c: number): boolean {
  return c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d;
}

/** A plain scalar in flow context, raw (unresolved), ending before `,` `]` `}` or `: `. */
function readFlowPlain(line: string, at: number, stopAtColon: boolean): { raw: string; end: number } {
  const first = line.charCodeAt(at);
  if (Number.isNaN(first)) fastYamlBail('multiline_flow');
  if ('-?:,[]{}#&*!|>\'"%@`'.includes(line[at] ?? ',')) {
    const next = line.charCodeAt(at + 1);
    const dashLike = first === 0x2d || first === 0x3f || first === 0x3a;
    if (!dashLike || Number.isNaN(next) || next === 0x20 || isFlowIndicator(next)) fastYamlBail('flow_indicator');
  }
  let i = at;
  let end = -1;
  for (; i < line.length; i += 1) {
    const c = line.charCodeAt(i);
    if (c === 0x2c || c === 0x5d || c === 0x7d) break;
    if (c === 0x5b || c === 0x7b || c === 0x23) fastYamlBail('flow_plain');
    if (c === 0x3a) {
      if (stopAtColon && line.charCodeAt(i + 1) === 0x20) break;
      fastYamlBail('flow_plain');
    }
    if (c !== 0x20) end = i + 1;
  }
  if (i === line.length) fastYamlBail('multiline_flow');
  return { raw: line.slice(at, end), end };
}

function readFlowValue(line: string, at: number, depth: number): FlowRead {
  const c = line.charCodeAt(at);
  if (c === 0x5b) return readFlowSequence(line, at, depth + 1);
  if (c === 0x7b) return readFlowMapping(line, at, depth + 1);
  if (c === 0x22 || c === 0x27) return readQuotedScalar(line, at);
  const plain = readFlowPlain(line, at, false);
  return { value: resolveCoreScalar(plain.raw), end: plain.end };
}

/** After an entry: `,` (then more or the closer), the closer, or bail. */
function afterEntry(line: string, at: number, close: number): { end: number; closed: boolean } {
  const i = skipSpaces(line, at);
  const c = line.charCodeAt(i);
  if (c === close) return { end: i + 1, closed: true };
  if (c !== 0x2c) fastYamlBail(Number.isNaN(c) ? 'multiline_flow' : 'flow_syntax');
  const j = skipSpaces(line, i + 1);
  if (line.charCodeAt(j) === close) return { end: j + 1, closed: true };
  return { end: j, closed: false };
}

function readFlowSequence(line: string, at: number, depth: number): FlowRead {
  if (depth > FAST_YAML_MAX_DEPTH) fastYamlBail('too_deep');
  let i = skipSpaces(line, at + 1);
  if (line.charCodeAt(i) === 0x5d) return { value: [], end: i + 1 };
  const base = pendingBase();
  for (;;) {
    const item = readFlowValue(line, i, depth);
    // `[ "a": 1 ]` is a single-pair mapping in YAML; not worth the fast path.
    if (line.charCodeAt(skipSpaces(line, item.end)) === 0x3a) fastYamlBail('flow_pair');
    pushPendingItem(item.value);
    const next = afterEntry(line, item.end, 0x5d);
    if (next.closed) return { value: takePendingItems(base), end: next.end };
    i = next.end;
  }
}

/** `yaml` rejects implicit keys longer than 1024 characters. */
const MAX_KEY_LENGTH = 1000;

function readFlowKey(line: string, at: number): { key: string; end: number } {
  const c = line.charCodeAt(at);
  if (c === 0x22 || c === 0x27) {
    const q = readQuotedScalar(line, at);
    const colon = skipSpaces(line, q.end);
    if (line.charCodeAt(colon) !== 0x3a) fastYamlBail('flow_key');
    if (colon - at > MAX_KEY_LENGTH) fastYamlBail('long_key');
    return { key: q.value, end: colon + 1 };
  }
  if (c === 0x5b || c === 0x7b) fastYamlBail('flow_complex_key');
  const plain = readFlowPlain(line, at, true);
  const colon = skipSpaces(line, plain.end);
  if (line.charCodeAt(colon) !== 0x3a || line.charCodeAt(colon + 1) !== 0x20) fastYamlBail('flow_key');
  if (colon - at > MAX_KEY_LENGTH) fastYamlBail('long_key');
  if (plain.raw === '<<') fastYamlBail('merge_key');
  return { key: coreKeyString(plain.raw), end: colon + 1 };
}

function readFlowMapping(line: string, at: number, depth: number): FlowRead {
  if (depth > FAST_YAML_MAX_DEPTH) fastYamlBail('too_deep');
  const map: Record<string, unknown> = {};
  let i = skipSpaces(line, at + 1);
  if (line.charCodeAt(i) === 0x7d) return { value: map, end: i + 1 };
  for (;;) {
    const key = readFlowKey(line, i);
    const v = skipSpaces(line, key.end);
    const c = line.charCodeAt(v);
    if (Number.isNaN(c) || c === 0x2c || c === 0x7d) fastYamlBail('flow_empty_value');
    const value = readFlowValue(line, v, depth);
    setOwnKey(map, key.key, value.value);
    const next = afterEntry(line, value.end, 0x7d);
    if (next.closed) return { value: map, end: next.end };
    i = next.end;
  }
}

/**
 * Reads the flow collection opening at `at` (`[` or `{`).
 *
 * @example
 * readFlowCollection('k: [1, "a"]', 3, 0) // { value: [1, 'a'], end: 11 }
 */
export function readFlowCollection(line: string, at: number, depth: number): FlowRead {
  return line.charCodeAt(at) === 0x5b ? readFlowSequence(line, at, depth + 1) : readFlowMapping(line, at, depth + 1);
}
