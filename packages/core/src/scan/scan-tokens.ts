/**
 * The scanner's tokens, read at one index of the text: a transcript prefix, a noise token, a
 * tag. Both scan loops in `scan-text.ts` (the general one and the one for text without noise)
 * read them here, so a token means the same thing whichever loop met it.
 */
import { SpanKind } from './span-kind.js';

/** Bound of the open-tag stack and of the abandoned-open list; keeps tag pairing linear. */
export const MAX_TRACKED_TAGS = 256;
/** Longest tag name considered. */
export const MAX_TAG_NAME = 64;

export const LF = 10, CR = 13, TAB = 9, SPACE = 32, ESC = 27, BEL = 7, DEL = 127;
export const BACKTICK = 96, LT = 60, GT = 62, SLASH = 47, LBRACKET = 91, RBRACKET = 93, BACKSLASH = 92, TILDE = 126;

const ROLES = ['assistant', 'user', 'system', 'sys', 'tool', 'model', 'error'];

/** Where spans go: a flat `[kind, start, end, …]` list. */
export interface SpanOut {
  push(kind: number, start: number, end: number): void;
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
export function isWhitespace(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

/**
 * Length of a transcript prefix at `i` (a line start), or 0.
 *
 * @example
 * matchTranscriptPrefix('[assistant] {"a":1}', 0) // 12
 */
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

/**
 * Length of a noise token at `i`, or 0 when `i` does not start one.
 *
 * @example
 * matchNoiseToken('\u001b[0m ok', 0) // 4
 */
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

/** Open tags still open (flat `[lt, gt, nameStart, nameEnd]`) and abandoned opens (flat `[lt, gt]`). */
export interface TagState {
  stack: number[];
  abandoned: number[];
}

/**
 * Recognizes `<name>` or `</name>` at `i` (a `<`); returns the length consumed or 0. A close
 * pairs with the nearest open of its name and emits the pair's three spans.
 */
export function scanTag(text: string, i: number, tags: TagState, out: SpanOut): number {
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

/** The opens never closed, abandoned ones first, then the stack from bottom to top. */
export function pushUnclosedTags(tags: TagState, n: number, out: SpanOut): void {
  for (let t = 0; t < tags.abandoned.length; t += 2) {
    out.push(SpanKind.TAG_OPEN, tags.abandoned[t]!, tags.abandoned[t + 1]! + 1);
    out.push(SpanKind.TAG_UNCLOSED_BODY, tags.abandoned[t + 1]! + 1, n);
  }
  for (let t = 0; t < tags.stack.length; t += 4) {
    out.push(SpanKind.TAG_OPEN, tags.stack[t]!, tags.stack[t + 1]! + 1);
    out.push(SpanKind.TAG_UNCLOSED_BODY, tags.stack[t + 1]! + 1, n);
  }
}

function sameName(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) {
    if (text.charCodeAt(aStart + k) !== text.charCodeAt(bStart + k)) return false;
  }
  return true;
}
