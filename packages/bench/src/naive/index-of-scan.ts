/**
 * The fastest plain-JS loop for a scanner's job: `indexOf` jumps to every ``` run, every `<`
 * that starts a tag (`<name>` or `</name>`, the scanner's name rule), and the first `{` or `[`.
 * It keeps none of the scanner's rules (line starts, fence pairing, tag pairing, transcript
 * prefixes, terminal noise): a floor for what finding the same places can cost in JS, which
 * the scanner suite holds the WASM kernel to.
 */

/** Kinds of the triples {@link indexOfScan} returns. */
export const IndexOfHit = { FENCE: 1, TAG: 2, FIRST_BRACKET: 3 } as const;

const BACKTICK = 0x60;
const SLASH = 0x2f;
const GT = 0x3e;
const MAX_TAG_NAME = 64;

function isNameStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x3a || c === 0x2d;
}

/** Reused between calls, like the scanners' span buffers: a call pays for its result's copy only. */
let buf = new Int32Array(48);
let len = 0;

function push(kind: number, start: number, end: number): void {
  if (len + 3 > buf.length) {
    const next = new Int32Array(buf.length * 2);
    next.set(buf);
    buf = next;
  }
  buf[len++] = kind;
  buf[len++] = start;
  buf[len++] = end;
}

/**
 * Flat `[kind, start, end, …]` triples: fence runs, then tags, then the first bracket.
 *
 * @example
 * indexOfScan('x\n```json\n{"a":1}\n```\n<T>y</T>')
 * // Int32Array [1, 2, 5, 1, 18, 21, 2, 22, 25, 2, 26, 30, 3, 10, 11]
 */
export function indexOfScan(text: string): Int32Array {
  len = 0;
  for (let i = text.indexOf('```'); i >= 0; ) {
    let end = i + 3;
    while (text.charCodeAt(end) === BACKTICK) end++;
    push(IndexOfHit.FENCE, i, end);
    i = text.indexOf('```', end);
  }
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const nameStart = text.charCodeAt(i + 1) === SLASH ? i + 2 : i + 1;
    if (!isNameStart(text.charCodeAt(nameStart))) continue;
    let k = nameStart + 1;
    while (k - nameStart < MAX_TAG_NAME && isNameChar(text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) === GT) push(IndexOfHit.TAG, i, k + 1);
  }
  const brace = text.indexOf('{');
  const bracket = text.indexOf('[');
  const first = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
  if (first >= 0) push(IndexOfHit.FIRST_BRACKET, first, first + 1);
  const out = buf.slice(0, len);
  // A text with very many hits grew it: not kept, so one large text does not hold memory.
  if (buf.length > 4096) buf = new Int32Array(48);
  return out;
}
