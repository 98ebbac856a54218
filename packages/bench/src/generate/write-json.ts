/**
 * A JSON serializer that can write the defects models produce: trailing and
 * missing commas, single quotes, unquoted keys, comments, Python literals and
 * missing closing brackets. With no defects it equals `JSON.stringify`.
 */
import type { JsonValue } from './build-artifact.js';
import type { Rng } from './rng.js';

export const JSON_DEFECTS = [
  'trailing_comma',
  'missing_comma',
  'single_quotes',
  'unquoted_keys',
  'comments',
  'python_literals',
  'missing_closers',
] as const;
export type JsonDefect = (typeof JSON_DEFECTS)[number];

export interface JsonStyle {
  /** Spaces per level; 0 writes compact JSON. */
  indent: number;
  defects?: readonly JsonDefect[];
  /**
   * Probability that a position (a container, a separator, a member) carries a
   * comma/comment defect after its first occurrence, which is always written so
   * that a chosen defect is really present. Default 0.35; 1 = everywhere.
   */
  rate?: number;
}

interface WriterState {
  rng: Rng;
  defects: ReadonlySet<JsonDefect>;
  rate: number;
  used: Set<JsonDefect>;
  indent: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function apply(state: WriterState, defect: JsonDefect): boolean {
  if (!state.defects.has(defect)) return false;
  if (!state.used.has(defect)) {
    state.used.add(defect);
    return true;
  }
  return state.rate >= 1 || state.rng.chance(state.rate);
}

function writeString(state: WriterState, text: string): string {
  const json = JSON.stringify(text);
  if (!state.defects.has('single_quotes')) return json;
  const inner = json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${inner}'`;
}

function writeKey(state: WriterState, key: string): string {
  if (state.defects.has('unquoted_keys') && IDENTIFIER.test(key)) return key;
  return writeString(state, key);
}

function writeValue(state: WriterState, value: JsonValue, depth: number, out: string[]): void {
  if (value === null) out.push(state.defects.has('python_literals') ? 'None' : 'null');
  else if (value === true) out.push(state.defects.has('python_literals') ? 'True' : 'true');
  else if (value === false) out.push(state.defects.has('python_literals') ? 'False' : 'false');
  else if (typeof value === 'number') out.push(JSON.stringify(value));
  else if (typeof value === 'string') out.push(writeString(state, value));
  else if (Array.isArray(value)) writeContainer(state, '[', ']', value.map((v) => [null, v] as const), depth, out);
  else writeContainer(state, '{', '}', Object.entries(value), depth, out);
}

function writeContainer(
  state: WriterState,
  open: string,
  close: string,
  entries: ReadonlyArray<readonly [string | null, JsonValue]>,
  depth: number,
  out: string[],
): void {
  out.push(open);
  if (entries.length === 0) {
    out.push(close);
    return;
  }
  const pretty = state.indent > 0;
  const pad = pretty ? `\n${' '.repeat(state.indent * (depth + 1))}` : '';
  entries.forEach(([key, child], index) => {
    if (index > 0) {
      // A missing comma needs whitespace between the entries to stay repairable.
      out.push(apply(state, 'missing_comma') ? (pretty ? '' : ' ') : ',');
    }
    if (key !== null && apply(state, 'comments')) {
      out.push(pretty ? `${pad}// ${key} follows` : `/* ${key} */`);
    }
    out.push(pad);
    if (key !== null) out.push(writeKey(state, key), pretty ? ': ' : ':');
    writeValue(state, child, depth + 1, out);
  });
  if (apply(state, 'trailing_comma')) out.push(',');
  out.push(pretty ? `\n${' '.repeat(state.indent * depth)}` : '', close);
}

/** Drops 1–2 closing brackets (and the whitespace before them) from the end. */
function dropClosers(text: string, rng: Rng): string {
  let end = text.length;
  let dropped = 0;
  const want = rng.int(1, 2);
  while (dropped < want) {
    while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
    const c = text.charAt(end - 1);
    if (c !== '}' && c !== ']') break;
    end--;
    dropped++;
  }
  return text.slice(0, end);
}

/**
 * Serializes a value, with the requested defects.
 *
 * @example
 * writeJson({ a: [1, true] }, { indent: 0, defects: ['trailing_comma', 'python_literals'], rate: 1 }, new Rng(1))
 * // '{"a":[1,True,],}'
 */
export function writeJson(value: JsonValue, style: JsonStyle, rng: Rng): string {
  const state: WriterState = {
    rng,
    defects: new Set(style.defects ?? []),
    rate: style.rate ?? 0.35,
    used: new Set(),
    indent: style.indent,
  };
  const out: string[] = [];
  writeValue(state, value, 0, out);
  const text = out.join('');
  return state.defects.has('missing_closers') ? dropClosers(text, rng) : text;
}
