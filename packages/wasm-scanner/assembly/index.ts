// The WASM scanner kernel: a literal port of core's packages/core/src/scan/scan-text.ts,
// which stays the specification (read its header for the rules). The JS loader copies
// the text as UTF-16 code units to `inputPtr()`, calls `scan(n)` and copies
// `scan(n)` i32s from `outputPtr()`. Nothing is allocated: scratch lives in static data,
// the output grows linear memory only when it would overflow it.
//
// JS reads past the end of the text give NaN, which equals nothing; here `at()` returns -1
// for the same effect where the JS code does not bound-check.

const LF = 10, CR = 13, TAB = 9, SPACE = 32, ESC = 27, BEL = 7, DEL = 127;
const BACKTICK = 96, LT = 60, GT = 62, SLASH = 47, LBRACKET = 91, RBRACKET = 93, BACKSLASH = 92, TILDE = 126;
const QUOTE = 34, LBRACE = 123, RBRACE = 125;

const MAX_TRACKED_TAGS = 256;
const MAX_TAG_NAME = 64;

// SpanKind codes (packages/core/src/scan/span-kind.ts).
const FENCE_OPEN = 1, FENCE_INFO = 2, FENCE_BODY = 3, FENCE_CLOSE = 4, FENCE_UNCLOSED_BODY = 5;
const ORPHAN_FENCE = 6, TAG_OPEN = 7, TAG_BODY = 8, TAG_CLOSE = 9, TAG_UNCLOSED_BODY = 10;
const TRANSCRIPT_PREFIX = 11, TRAILING_NOISE = 12, FIRST_NOISE = 13;

// The open-tag stack, records [lt, gt, nameStart, nameEnd], and the abandoned opens [lt, gt].
const STACK = memory.data(MAX_TRACKED_TAGS * 4 * 4, 16);
const ABANDONED = memory.data(MAX_TRACKED_TAGS * 2 * 4, 16);
// ASCII code units that can change scanner state when no noise run is open: LF (the next
// index is a line start), `<`, `[`, DEL and C0 controls other than TAB/CR. Everything else
// is skipped in a tight loop, which is where the kernel wins over the JS scanner.
const STOP = memory.data(128, 16);
for (let c = 0; c < 32; c++) store<u8>(STOP + c, c != TAB && c != CR ? 1 : 0);
store<u8>(STOP + LT, 1);
store<u8>(STOP + LBRACKET, 1);
store<u8>(STOP + DEL, 1);

const INPUT: usize = (__heap_base + 15) & ~(<usize>15);

let n: i32 = 0;
let outStart: usize = 0;
let outPos: usize = 0;
let memEnd: usize = 0;
let stackLen: i32 = 0;
let abandonedLen: i32 = 0;
let scanCalls: i32 = 0;
let balancedCalls: i32 = 0;

/** Where the loader writes the UTF-16 text. */
export function inputPtr(): usize {
  return INPUT;
}

/** Where the last `scan` wrote its output. */
export function outputPtr(): usize {
  return outStart;
}

/** Kernel entries since instantiation, so tests can prove the WASM path ran. */
export function scanCount(): i32 {
  return scanCalls;
}

export function balancedCount(): i32 {
  return balancedCalls;
}

// @ts-ignore: decorator
@inline function ch(i: i32): i32 {
  return <i32>load<u16>(INPUT + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline function at(i: i32): i32 {
  return i < n ? ch(i) : -1;
}

// @ts-ignore: decorator
@inline function isWhitespace(c: i32): bool {
  return c == SPACE || c == TAB || c == LF || c == CR;
}

// @ts-ignore: decorator
@inline function isNameStart(c: i32): bool {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95;
}

// @ts-ignore: decorator
@inline function isNameChar(c: i32): bool {
  return isNameStart(c) || (c >= 48 && c <= 57) || c == 46 || c == 58 || c == 45;
}

// @ts-ignore: decorator
@inline function isNoiseControl(c: i32): bool {
  return (c < 32 && c != TAB && c != LF && c != CR) || c == DEL;
}

function push(kind: i32, start: i32, end: i32): void {
  if (outPos + 12 > memEnd) {
    const pages = <i32>((outPos + 12 - memEnd + 0xffff) >>> 16);
    if (memory.grow(pages) < 0) unreachable();
    memEnd = <usize>memory.size() << 16;
  }
  store<i32>(outPos, kind);
  store<i32>(outPos, start, 4);
  store<i32>(outPos, end, 8);
  outPos += 12;
}

/** End of the role at `i + 1` when it is `role` followed by `]` or `/`, else -1. */
// @ts-ignore: decorator
@inline function roleEnd(i: i32, role: string): i32 {
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

function matchTranscriptPrefix(i: i32): i32 {
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

function matchNoiseToken(i: i32): i32 {
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

function sameName(aStart: i32, aEnd: i32, bStart: i32, bEnd: i32): bool {
  if (aEnd - aStart != bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) {
    if (ch(aStart + k) != ch(bStart + k)) return false;
  }
  return true;
}

// @ts-ignore: decorator
@inline function open(entry: i32, field: i32): i32 {
  return load<i32>(STACK + ((<usize>(entry * 4 + field)) << 2));
}

// @ts-ignore: decorator
@inline function abandoned(entry: i32, field: i32): i32 {
  return load<i32>(ABANDONED + ((<usize>(entry * 2 + field)) << 2));
}

function scanTag(i: i32): i32 {
  let j = i + 1;
  const closing = j < n && ch(j) == SLASH;
  if (closing) j++;
  const nameStart = j;
  if (j >= n || !isNameStart(ch(j))) return 0;
  j++;
  while (j < n && j - nameStart <= MAX_TAG_NAME && isNameChar(ch(j))) j++;
  if (j - nameStart > MAX_TAG_NAME || j >= n || ch(j) != GT) return 0;
  const nameEnd = j;
  if (!closing) {
    if (stackLen < MAX_TRACKED_TAGS) {
      const p = STACK + (<usize>(stackLen * 4) << 2);
      store<i32>(p, i);
      store<i32>(p, j, 4);
      store<i32>(p, nameStart, 8);
      store<i32>(p, nameEnd, 12);
      stackLen++;
    }
    return j + 1 - i;
  }
  for (let s = stackLen - 1; s >= 0; s--) {
    if (sameName(open(s, 2), open(s, 3), nameStart, nameEnd)) {
      for (let u = s + 1; u < stackLen && abandonedLen < MAX_TRACKED_TAGS; u++) {
        const p = ABANDONED + (<usize>(abandonedLen * 2) << 2);
        store<i32>(p, open(u, 0));
        store<i32>(p, open(u, 1), 4);
        abandonedLen++;
      }
      push(TAG_OPEN, open(s, 0), open(s, 1) + 1);
      push(TAG_BODY, open(s, 1) + 1, i);
      push(TAG_CLOSE, i, j + 1);
      stackLen = s;
      break;
    }
  }
  return j + 1 - i;
}

/**
 * Scans the `len` code units at `inputPtr()`; returns how many i32s (kind/start/end
 * triples) it wrote at `outputPtr()`.
 */
export function scan(len: i32): i32 {
  scanCalls++;
  n = len;
  outStart = (INPUT + (<usize>len << 1) + 15) & ~(<usize>15);
  outPos = outStart;
  memEnd = <usize>memory.size() << 16;
  stackLen = 0;
  abandonedLen = 0;

  let inFence = false;
  let fenceTicks = 0, fenceOpenStart = 0, fenceOpenEnd = 0, fenceInfoStart = 0, fenceInfoEnd = 0, fenceBodyStart = 0;
  let noiseStart = -1;
  let firstNoise = -1;
  let firstNoiseEnd = -1;
  let i = 0;
  while (i < n) {
    if (i == 0 || ch(i - 1) == LF) {
      const prefix = matchTranscriptPrefix(i);
      if (prefix > 0) {
        push(TRANSCRIPT_PREFIX, i, i + prefix);
        noiseStart = -1;
      }
      let j = i;
      while (j < n && (ch(j) == SPACE || ch(j) == TAB)) j++;
      let k = j;
      while (k < n && ch(k) == BACKTICK) k++;
      const ticks = k - j;
      if (ticks >= 3) {
        let end = k;
        while (end < n && ch(end) != LF) end++;
        if (!inFence) {
          let infoStart = k;
          while (infoStart < end && isWhitespace(ch(infoStart))) infoStart++;
          let infoEnd = end;
          while (infoEnd > infoStart && isWhitespace(ch(infoEnd - 1))) infoEnd--;
          let tick = infoStart;
          while (tick < infoEnd && ch(tick) != BACKTICK) tick++;
          if (tick == infoEnd) {
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
          while (r < end && isWhitespace(ch(r))) r++;
          if (r == end) {
            push(FENCE_OPEN, fenceOpenStart, fenceOpenEnd);
            if (fenceInfoEnd > fenceInfoStart) push(FENCE_INFO, fenceInfoStart, fenceInfoEnd);
            push(FENCE_BODY, fenceBodyStart, i);
            push(FENCE_CLOSE, j, end);
            inFence = false;
            noiseStart = -1;
            i = end;
            continue;
          }
        }
      }
    }

    // Plain code units change nothing while no noise run is open: skip them 8 at a time with
    // SIMD, then one by one (the index after a LF is never skipped, LF being a stop).
    if (noiseStart < 0) {
      while (i + 8 <= n) {
        const v = v128.load(INPUT + (<usize>i << 1));
        let stop = v128.andnot(
          i16x8.lt_u(v, i16x8.splat(<i16>32)),
          v128.or(i16x8.eq(v, i16x8.splat(<i16>TAB)), i16x8.eq(v, i16x8.splat(<i16>CR))),
        );
        stop = v128.or(stop, i16x8.eq(v, i16x8.splat(<i16>LT)));
        stop = v128.or(stop, i16x8.eq(v, i16x8.splat(<i16>LBRACKET)));
        stop = v128.or(stop, i16x8.eq(v, i16x8.splat(<i16>DEL)));
        const mask = i16x8.bitmask(stop);
        if (mask != 0) {
          i += ctz(mask);
          break;
        }
        i += 8;
      }
      while (i < n) {
        const d = ch(i);
        if (d < 128 && load<u8>(STOP + d) != 0) break;
        i++;
      }
      if (i >= n) break;
    }

    const c = ch(i);
    if (c == LT) {
      const consumed = scanTag(i);
      if (consumed > 0) {
        noiseStart = -1;
        i += consumed;
        continue;
      }
    }
    const noise = matchNoiseToken(i);
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
    while (r < n && isWhitespace(ch(r))) r++;
    // A bare fence followed only by whitespace and the trailing noise run is an orphan.
    if (fenceInfoEnd == fenceInfoStart && (r == n || r == noiseStart)) {
      push(ORPHAN_FENCE, fenceOpenStart, fenceOpenEnd);
    } else {
      push(FENCE_OPEN, fenceOpenStart, fenceOpenEnd);
      if (fenceInfoEnd > fenceInfoStart) push(FENCE_INFO, fenceInfoStart, fenceInfoEnd);
      push(FENCE_UNCLOSED_BODY, fenceBodyStart, n);
    }
  }
  for (let t = 0; t < abandonedLen; t++) {
    push(TAG_OPEN, abandoned(t, 0), abandoned(t, 1) + 1);
    push(TAG_UNCLOSED_BODY, abandoned(t, 1) + 1, n);
  }
  for (let t = 0; t < stackLen; t++) {
    push(TAG_OPEN, open(t, 0), open(t, 1) + 1);
    push(TAG_UNCLOSED_BODY, open(t, 1) + 1, n);
  }
  if (noiseStart >= 0) push(TRAILING_NOISE, noiseStart, n);
  if (firstNoise >= 0) push(FIRST_NOISE, firstNoise, firstNoiseEnd);
  return <i32>((outPos - outStart) >>> 2);
}

/**
 * Port of core's `findBalancedEnd` over the `len` code units at `inputPtr()` (the loader
 * copies only the searched range): end of the balanced value opening at 0, or -1.
 */
export function balancedEnd(len: i32): i32 {
  balancedCalls++;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < len; i++) {
    const c = ch(i);
    if (inString) {
      if (c == BACKSLASH) i++;
      else if (c == QUOTE) inString = false;
      continue;
    }
    if (c == QUOTE) inString = true;
    else if (c == LBRACE || c == LBRACKET) depth++;
    else if (c == RBRACE || c == RBRACKET) {
      depth--;
      if (depth == 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
