/**
 * The JS scanner: the specification the WASM scanner in `@airlock/wasm-scanner`
 * must match span for span. One forward pass over UTF-16 code units; it
 * returns offsets, never strings.
 *
 * Rules (the WASM port follows them literally):
 * - Line starts are index 0 and every index after `\n`.
 * - Transcript prefix: at a line start, `[` + role (assistant|user|system|sys|tool|model|error,
 *   ASCII case-insensitive) + optional `/` and up to 64 chars other than `]` and `\n`, then `]`
 *   and one optional space.
 * - Fence line: at a line start, optional spaces/tabs, then 3+ backticks. Outside a fence it
 *   opens one unless its info string (rest of the line) contains a backtick. Inside a fence
 *   a line of at least as many backticks followed only by whitespace closes it.
 * - Tags: `<name>` / `</name>`, name `[A-Za-z_][A-Za-z0-9_.:-]*` of at most 64 chars. A close
 *   pairs with the nearest open of the same name on the open stack; the opens above it are
 *   abandoned (unclosed). The stack holds at most {@link MAX_TRACKED_TAGS} opens (further opens
 *   are ignored while it is full) and at most as many abandoned opens are remembered, so the
 *   work per close is bounded and the scan stays linear with fixed memory.
 * - Noise tokens: ESC CSI (`ESC [` params intermediates final), ESC OSC (`ESC ]` … BEL or ESC `\`,
 *   ending at a newline or the end when unterminated), ESC + one other char, bare `[200~`/`[201~`,
 *   and C0 controls other than tab/LF/CR (plus DEL). The trailing run of noise tokens and
 *   whitespace after the last other character is TRAILING_NOISE, starting at its first token.
 *
 * - A fence still open at the end whose opening line has no info string and whose body is only
 *   whitespace (and the trailing noise run) is an ORPHAN_FENCE.
 *
 * - The first noise token met (anywhere but on a fence line, which the scan skips) is FIRST_NOISE.
 *
 * Output order: fence and prefix spans as met; a paired tag's three spans when its close is
 * met; then unclosed fence / orphan fence; then unclosed tags (abandoned ones in the order they
 * were abandoned, then those still on the stack from bottom to top); then trailing noise; then
 * the first noise token.
 */
import { SpanKind } from './span-kind.js';

/** Bound of the open-tag stack and of the abandoned-open list; keeps tag pairing linear. */
export const MAX_TRACKED_TAGS = 256;
/** Longest tag name considered. */
export const MAX_TAG_NAME = 64;

const LF = 10, CR = 13, TAB = 9, SPACE = 32, ESC = 27, BEL = 7, DEL = 127;
const BACKTICK = 96, LT = 60, GT = 62, SLASH = 47, LBRACKET = 91, RBRACKET = 93, BACKSLASH = 92, TILDE = 126;

const ROLES = ['assistant', 'user', 'system', 'sys', 'tool', 'model', 'error'];

/**
 * ASCII code units that can change scanner state when no noise run is open: LF (the next
 * index is a line start), `<`, `[`, DEL and C0 controls other than tab and CR.
 */
const STOP = new Uint8Array(128);
for (let c = 0; c < 32; c++) STOP[c] = c !== TAB && c !== CR ? 1 : 0;
STOP[LT] = 1;
STOP[LBRACKET] = 1;
STOP[DEL] = 1;

/** Growable Int32 triple buffer. */
class SpanSink {
  buf = new Int32Array(48);
  len = 0;
  push(kind: number, start: number, end: number): void {
    if (this.len + 3 > this.buf.length) {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.len++] = kind;
    this.buf[this.len++] = start;
    this.buf[this.len++] = end;
  }
  result(): Int32Array {
    return this.buf.slice(0, this.len);
  }
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 58 || c === 45;
}
function isNoiseControl(c: number): boolean {
  return (c < 32 && c !== TAB && c !== LF && c !== CR) || c === DEL;
}
function isWhitespace(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

/** End of the line containing `i` (index of `\n` or text length). */
function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

/** Length of a transcript prefix at `i` (a line start), or 0. */
export function matchTranscriptPrefix(text: string, i: number): number {
  const n = text.length;
  if (text.charCodeAt(i) !== LBRACKET) return 0;
  let roleEnd = -1;
  for (const role of ROLES) {
    let k = 0;
    while (k < role.length && i + 1 + k < n && (text.charCodeAt(i + 1 + k) | 32) === role.charCodeAt(k)) k++;
    if (k === role.length) {
      const next = text.charCodeAt(i + 1 + k);
      if (next === RBRACKET || next === SLASH) {
        roleEnd = i + 1 + k;
        break;
      }
    }
  }
  if (roleEnd < 0) return 0;
  let j = roleEnd;
  if (text.charCodeAt(j) === SLASH) {
    const limit = Math.min(n, j + 1 + 64);
    j++;
    while (j < limit && text.charCodeAt(j) !== RBRACKET && text.charCodeAt(j) !== LF) j++;
  }
  if (text.charCodeAt(j) !== RBRACKET) return 0;
  j++;
  if (text.charCodeAt(j) === SPACE) j++;
  return j - i;
}

/** Length of a noise token at `i`, or 0 when `i` does not start one. */
export function matchNoiseToken(text: string, i: number): number {
  const n = text.length;
  const c = text.charCodeAt(i);
  if (c === ESC) {
    const next = i + 1 < n ? text.charCodeAt(i + 1) : -1;
    if (next === LBRACKET) {
      let j = i + 2;
      while (j < n && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) j++;
      while (j < n && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
      if (j < n && text.charCodeAt(j) >= 0x40 && text.charCodeAt(j) <= 0x7e) return j + 1 - i;
      return 1; // ESC [ without a final byte: the ESC alone is noise
    }
    if (next === RBRACKET) {
      let j = i + 2;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === BEL) return j + 1 - i;
        if (d === ESC && j + 1 < n && text.charCodeAt(j + 1) === BACKSLASH) return j + 2 - i;
        if (d === LF) break;
        j++;
      }
      return j - i;
    }
    if (next >= 0x40 && next <= 0x5f) return 2;
    return 1;
  }
  if (isNoiseControl(c)) return 1;
  if (
    c === LBRACKET &&
    i + 4 < n &&
    text.charCodeAt(i + 1) === 50 &&
    text.charCodeAt(i + 2) === 48 &&
    (text.charCodeAt(i + 3) === 48 || text.charCodeAt(i + 3) === 49) &&
    text.charCodeAt(i + 4) === TILDE
  ) {
    return 5;
  }
  return 0;
}

/**
 * Scans raw model text for candidate spans.
 *
 * @returns a flat `Int32Array` of `[kind, start, end, …]` (see {@link SpanKind}), offsets in
 * UTF-16 code units of `text`.
 * @example
 * const spans = scanText('Here:\n```json\n{"a":1}\n```\n');
 * // [FENCE_OPEN, 6, 13, FENCE_INFO, 9, 13, FENCE_BODY, 14, 22, FENCE_CLOSE, 22, 25]
 */
export function scanText(text: string): Int32Array {
  const n = text.length;
  const out = new SpanSink();

  let inFence = false;
  let fenceTicks = 0, fenceOpenStart = 0, fenceOpenEnd = 0, fenceInfoStart = 0, fenceInfoEnd = 0, fenceBodyStart = 0;

  const tags: TagState = { stack: [], abandoned: [] };

  let noiseStart = -1;
  let firstNoise = -1;
  let firstNoiseEnd = -1;
  let i = 0;
  while (i < n) {
    if (i === 0 || text.charCodeAt(i - 1) === LF) {
      const prefix = matchTranscriptPrefix(text, i);
      if (prefix > 0) {
        out.push(SpanKind.TRANSCRIPT_PREFIX, i, i + prefix);
        noiseStart = -1;
      }
      let j = i;
      while (j < n && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB)) j++;
      let k = j;
      while (k < n && text.charCodeAt(k) === BACKTICK) k++;
      const ticks = k - j;
      if (ticks >= 3) {
        const end = lineEnd(text, k);
        if (!inFence) {
          let infoStart = k;
          while (infoStart < end && isWhitespace(text.charCodeAt(infoStart))) infoStart++;
          let infoEnd = end;
          while (infoEnd > infoStart && isWhitespace(text.charCodeAt(infoEnd - 1))) infoEnd--;
          // An info string holding a backtick makes the line inline code, not a fence.
          const tick = text.indexOf('`', infoStart);
          if (tick < 0 || tick >= infoEnd) {
            inFence = true;
            fenceTicks = ticks;
            fenceOpenStart = j;
            fenceOpenEnd = end;
            fenceInfoStart = infoStart;
            fenceInfoEnd = infoEnd;
            fenceBodyStart = end < n ? end + 1 : n;
            noiseStart = -1;
            i = end;
            continue;
          }
        } else if (ticks >= fenceTicks) {
          let r = k;
          while (r < end && isWhitespace(text.charCodeAt(r))) r++;
          if (r === end) {
            out.push(SpanKind.FENCE_OPEN, fenceOpenStart, fenceOpenEnd);
            if (fenceInfoEnd > fenceInfoStart) out.push(SpanKind.FENCE_INFO, fenceInfoStart, fenceInfoEnd);
            out.push(SpanKind.FENCE_BODY, fenceBodyStart, i);
            out.push(SpanKind.FENCE_CLOSE, j, end);
            inFence = false;
            noiseStart = -1;
            i = end;
            continue;
          }
        }
      }
    }

    if (noiseStart < 0) {
      // Plain characters cannot change any state while no noise run is open: skip them.
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d < 128 && STOP[d] === 1) break;
        i++;
      }
      if (i >= n) break;
    }
    const c = text.charCodeAt(i);
    if (c === LT) {
      const consumed = scanTag(text, i, tags, out);
      if (consumed > 0) {
        noiseStart = -1;
        i += consumed;
        continue;
      }
    }
    const noise = matchNoiseToken(text, i);
    if (noise > 0) {
      if (noiseStart < 0) noiseStart = i;
      if (firstNoise < 0) {
        firstNoise = i;
        firstNoiseEnd = i + noise;
      }
      i += noise;
      continue;
    }
    if (!isWhitespace(c)) noiseStart = -1;
    i++;
  }

  if (inFence) {
    let r = fenceBodyStart;
    while (r < n && isWhitespace(text.charCodeAt(r))) r++;
    // A bare fence followed only by whitespace and trailing noise closes nothing: an orphan.
    if (fenceInfoEnd === fenceInfoStart && (r === n || r === noiseStart)) {
      out.push(SpanKind.ORPHAN_FENCE, fenceOpenStart, fenceOpenEnd);
    } else {
      out.push(SpanKind.FENCE_OPEN, fenceOpenStart, fenceOpenEnd);
      if (fenceInfoEnd > fenceInfoStart) out.push(SpanKind.FENCE_INFO, fenceInfoStart, fenceInfoEnd);
      out.push(SpanKind.FENCE_UNCLOSED_BODY, fenceBodyStart, n);
    }
  }
  for (let t = 0; t < tags.abandoned.length; t += 2) {
    out.push(SpanKind.TAG_OPEN, tags.abandoned[t]!, tags.abandoned[t + 1]! + 1);
    out.push(SpanKind.TAG_UNCLOSED_BODY, tags.abandoned[t + 1]! + 1, n);
  }
  for (let t = 0; t < tags.stack.length; t += 4) {
    out.push(SpanKind.TAG_OPEN, tags.stack[t]!, tags.stack[t + 1]! + 1);
    out.push(SpanKind.TAG_UNCLOSED_BODY, tags.stack[t + 1]! + 1, n);
  }
  if (noiseStart >= 0) out.push(SpanKind.TRAILING_NOISE, noiseStart, n);
  if (firstNoise >= 0) out.push(SpanKind.FIRST_NOISE, firstNoise, firstNoiseEnd);
  return out.result();
}

/** Open tags still open (flat `[lt, gt, nameStart, nameEnd]`) and abandoned opens (flat `[lt, gt]`). */
interface TagState {
  stack: number[];
  abandoned: number[];
}

/** Recognizes `<name>` or `</name>` at `i`; returns the length consumed or 0. */
function scanTag(text: string, i: number, tags: TagState, out: SpanSink): number {
  const n = text.length;
  let j = i + 1;
  const closing = j < n && text.charCodeAt(j) === SLASH;
  if (closing) j++;
  const nameStart = j;
  if (j >= n || !isNameStart(text.charCodeAt(j))) return 0;
  j++;
  while (j < n && j - nameStart <= MAX_TAG_NAME && isNameChar(text.charCodeAt(j))) j++;
  if (j - nameStart > MAX_TAG_NAME || j >= n || text.charCodeAt(j) !== GT) return 0;
  const nameEnd = j;
  const stack = tags.stack;
  if (!closing) {
    if (stack.length < MAX_TRACKED_TAGS * 4) stack.push(i, j, nameStart, nameEnd);
    return j + 1 - i;
  }
  for (let s = stack.length - 4; s >= 0; s -= 4) {
    if (sameName(text, stack[s + 2]!, stack[s + 3]!, nameStart, nameEnd)) {
      for (let u = s + 4; u < stack.length && tags.abandoned.length < MAX_TRACKED_TAGS * 2; u += 4) {
        tags.abandoned.push(stack[u]!, stack[u + 1]!);
      }
      out.push(SpanKind.TAG_OPEN, stack[s]!, stack[s + 1]! + 1);
      out.push(SpanKind.TAG_BODY, stack[s + 1]! + 1, i);
      out.push(SpanKind.TAG_CLOSE, i, j + 1);
      stack.length = s;
      break;
    }
  }
  return j + 1 - i;
}

function sameName(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) {
    if (text.charCodeAt(aStart + k) !== text.charCodeAt(bStart + k)) return false;
  }
  return true;
}

/**
 * End (exclusive) of the balanced JSON value opening at `start` (`{` or `[`), counting
 * brackets outside double-quoted strings (escape aware), or -1 if it does not close
 * before `limit`. Linear; bracket kinds are not matched (the parser reports mismatches).
 *
 * @example
 * findBalancedEnd('x {"a":"}"} y', 2, 13) // 11
 */
export function findBalancedEnd(text: string, start: number, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
