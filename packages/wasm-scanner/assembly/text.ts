// What the kernel reads of the text: the UTF-16 code units at INPUT, their count, and the
// tokens read at one index (transcript prefix, noise token, tag name), shared by both scan
// loops of index.ts. Nothing here writes output.

export const LF = 10, CR = 13, TAB = 9, SPACE = 32, ESC = 27, BEL = 7, DEL = 127;
export const BACKTICK = 96, LT = 60, GT = 62, SLASH = 47, LBRACKET = 91, RBRACKET = 93, BACKSLASH = 92, TILDE = 126;
export const QUOTE = 34, LBRACE = 123, RBRACE = 125;

/** Where the loader writes the UTF-16 text (16-byte aligned, for SIMD loads). */
export const INPUT: usize = (__heap_base + 15) & ~(<usize>15);

/** Code units of the text being scanned. */
export let n: i32 = 0;

/** Sets the length of the text the next reads see. */
export function setLength(len: i32): void {
  n = len;
}

// @ts-ignore: decorator
@inline export function ch(i: i32): i32 {
  return <i32>load<u16>(INPUT + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline export function at(i: i32): i32 {
  return i < n ? ch(i) : -1;
}

// @ts-ignore: decorator
@inline export function isWhitespace(c: i32): bool {
  return c == SPACE || c == TAB || c == LF || c == CR;
}

// @ts-ignore: decorator
@inline export function isNameStart(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
}

// @ts-ignore: decorator
@inline export function isNameChar(c: i32): bool {
  return isNameStart(c) || (c >= 48 && c <= 57) || c == 46 || c == 58 || c == 45;
}

// @ts-ignore: decorator
@inline export function isNoiseControl(c: i32): bool {
  return (c < 32 && c != TAB && c != LF && c != CR) || c == DEL;
}

/** End of the role at `i + 1` when it is `role` followed by `]` or `/`, else -1. */
// @ts-ignore: decorator
@inline export function roleEnd(i: i32, role: string): i32 {
  const len = role.length;
  const p = changetype<usize>(role);
  let k = 0;
  while (k < len && i + 1 + k < n && (ch(i + 1 + k) | 32) == <i32>load<u16>(p + (<usize>k << 1))) k++;
  if (k == len) {
    const next = at(i + 1 + k);
    if (next == RBRACKET || next == SLASH) return i + 1 + k;
  }
  return -1;
}

export function matchTranscriptPrefix(i: i32): i32 {
  if (ch(i) != LBRACKET) return 0;
  let r = roleEnd(i, 'assistant');
  if (r < 0) r = roleEnd(i, 'user');
  if (r < 0) r = roleEnd(i, 'system');
  if (r < 0) r = roleEnd(i, 'sys');
  if (r < 0) r = roleEnd(i, 'tool');
  if (r < 0) r = roleEnd(i, 'model');
  if (r < 0) r = roleEnd(i, 'error');
  if (r < 0) return 0;
  let j = r;
  if (at(j) == SLASH) {
    const limit = min(n, j + 1 + 64);
    j++;
    while (j < limit && ch(j) != RBRACKET && ch(j) != LF) j++;
  }
  if (at(j) != RBRACKET) return 0;
  j++;
  if (at(j) == SPACE) j++;
  return j - i;
}

export function matchNoiseToken(i: i32): i32 {
  const c = ch(i);
  if (c == ESC) {
    const next = at(i + 1);
    if (next == LBRACKET) {
      let j = i + 2;
      while (j < n && ch(j) >= 0x30 && ch(j) <= 0x3f) j++;
      while (j < n && ch(j) >= 0x20 && ch(j) <= 0x2f) j++;
      if (j < n && ch(j) >= 0x40 && ch(j) <= 0x7e) return j + 1 - i;
      return 1;
    }
    if (next == RBRACKET) {
      let j = i + 2;
      while (j < n) {
        const d = ch(j);
        if (d == BEL) return j + 1 - i;
        if (d == ESC && j + 1 < n && ch(j + 1) == BACKSLASH) return j + 2 - i;
        if (d == LF) break;
        j++;
      }
      return j - i;
    }
    if (next >= 0x40 && next <= 0x5f) return 2;
    return 1;
  }
  if (isNoiseControl(c)) return 1;
  if (
    c == LBRACKET &&
    i + 4 < n &&
    ch(i + 1) == 50 &&
    ch(i + 2) == 48 &&
    (ch(i + 3) == 48 || ch(i + 3) == 49) &&
    ch(i + 4) == TILDE
  ) {
    return 5;
  }
  return 0;
}

export function sameName(aStart: i32, aEnd: i32, bStart: i32, bEnd: i32): bool {
  if (aEnd - aStart != bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) {
    if (ch(aStart + k) != ch(bStart + k)) return false;
  }
  return true;
}

