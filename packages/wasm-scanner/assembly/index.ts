// The WASM scanner kernel: a port of core's packages/core/src/scan/scan-text.ts (both loops),
// which stays the specification (read its header for the rules). The JS loader copies
// the text as UTF-16 code units to `inputPtr()`, calls `scan(n)` and copies
// `scan(n)` i32s from `outputPtr()`. Nothing is allocated: scratch lives in static data,
// the output grows linear memory only when it would overflow it.
//
// JS reads past the end of the text give NaN, which equals nothing; here `at()` returns -1
// for the same effect where the JS code does not bound-check.

import {
  BACKTICK, CR, DEL, GT, INPUT, LBRACKET, LF, LT, SLASH, SPACE, TAB,
  ch, isNameChar, isNameStart, isWhitespace, matchNoiseToken, matchTranscriptPrefix, n, sameName, setLength,
} from './text';

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
// The quiet loop's stops: the same controls and DEL (noise: it gives up), `<`, `[` and the
// backtick, but not LF (it finds line starts by looking back from a `[` or a backtick).
const QUIET_STOP = memory.data(128, 16);
for (let c = 0; c < 32; c++) store<u8>(QUIET_STOP + c, c != TAB && c != CR && c != LF ? 1 : 0);
store<u8>(QUIET_STOP + LT, 1);
store<u8>(QUIET_STOP + LBRACKET, 1);
store<u8>(QUIET_STOP + BACKTICK, 1);
store<u8>(QUIET_STOP + DEL, 1);

let outStart: usize = 0;
let outPos: usize = 0;
let memEnd: usize = 0;
let stackLen: i32 = 0;
let abandonedLen: i32 = 0;
let scanCalls: i32 = 0;
let quietCalls: i32 = 0;

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

/** Scans the quiet loop finished (text without noise), so tests can prove that loop ran. */
export function quietCount(): i32 {
  return quietCalls;
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

// The open fence, while a scan is inside one.
let inFence = false;
let fenceTicks = 0, fenceOpenStart = 0, fenceOpenEnd = 0, fenceInfoStart = 0, fenceInfoEnd = 0, fenceBodyStart = 0;

/**
 * Reads the line starting at `lineStart` as a fence line: it opens a fence (outside one) or
 * closes the open one. Returns the line's end when it did (the scan skips the line), else -1.
 */
function fenceLine(lineStart: i32): i32 {
  let j = lineStart;
  while (j < n && (ch(j) == SPACE || ch(j) == TAB)) j++;
  let k = j;
  while (k < n && ch(k) == BACKTICK) k++;
  const ticks = k - j;
  if (ticks < 3) return -1;
  let end = k;
  while (end < n && ch(end) != LF) end++;
  if (!inFence) {
    let infoStart = k;
    while (infoStart < end && isWhitespace(ch(infoStart))) infoStart++;
    let infoEnd = end;
    while (infoEnd > infoStart && isWhitespace(ch(infoEnd - 1))) infoEnd--;
    let tick = infoStart;
    while (tick < infoEnd && ch(tick) != BACKTICK) tick++;
    if (tick != infoEnd) return -1;
    inFence = true;
    fenceTicks = ticks;
    fenceOpenStart = j;
    fenceOpenEnd = end;
    fenceInfoStart = infoStart;
    fenceInfoEnd = infoEnd;
    fenceBodyStart = end < n ? end + 1 : n;
    return end;
  }
  if (ticks < fenceTicks) return -1;
  let r = k;
  while (r < end && isWhitespace(ch(r))) r++;
  if (r != end) return -1;
  push(FENCE_OPEN, fenceOpenStart, fenceOpenEnd);
  if (fenceInfoEnd > fenceInfoStart) push(FENCE_INFO, fenceInfoStart, fenceInfoEnd);
  push(FENCE_BODY, fenceBodyStart, lineStart);
  push(FENCE_CLOSE, j, end);
  inFence = false;
  return end;
}

// Sixteen code units at a time: each is clamped to 255 (nothing at or past 128 stops a loop)
// and narrowed to a byte, then classified by its two nibbles, the first stop being a byte
// whose low-nibble class and high-nibble class share a bit. Bits: 1 a C0 control of 0x00-0x0F
// that stops, 2 a control of 0x10-0x1F, 4 `<`, 8 `[`, 16 the backtick (quiet loop only),
// 32 DEL. Half the operations per code unit of eight 16-bit lanes compared one stop at a time;
// the last few code units of a text go through the scalar tables (STOP, QUIET_STOP).
const BYTE_MAX = i16x8.splat(255);
const LOW_NIBBLE = i8x16.splat(0x0f);
const NO_CLASS = i8x16.splat(0);
// By low nibble. TAB (9) and CR (0xD) never stop; LF (0xA) stops the general loop only.
const LOW_CLASS_QUIET = i8x16(19, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 11, 7, 2, 3, 35);
const LOW_CLASS = i8x16(19, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 11, 7, 2, 3, 35);
// By high nibble: row 0 and 1 controls, `<` (0x3C), `[` (0x5B), the backtick (0x60), DEL (0x7F).
const HIGH_CLASS_QUIET = i8x16(1, 2, 0, 4, 0, 8, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0);
const HIGH_CLASS = i8x16(1, 2, 0, 4, 0, 8, 0, 32, 0, 0, 0, 0, 0, 0, 0, 0);

/** Bitmask of the stops among the 16 code units at `i` (see the classes above). */
// @ts-ignore: decorator
@inline function stopMask16(i: i32, quiet: bool): i32 {
  const at = INPUT + (<usize>i << 1);
  const bytes = i8x16.narrow_i16x8_u(i16x8.min_u(v128.load(at), BYTE_MAX), i16x8.min_u(v128.load(at, 16), BYTE_MAX));
  const low = i8x16.swizzle(quiet ? LOW_CLASS_QUIET : LOW_CLASS, v128.and(bytes, LOW_NIBBLE));
  const high = i8x16.swizzle(quiet ? HIGH_CLASS_QUIET : HIGH_CLASS, i8x16.shr_u(bytes, 4));
  return i8x16.bitmask(i8x16.ne(v128.and(low, high), NO_CLASS));
}

/**
 * The first index at or after `i` a loop must look at, or `n`: plain code units change nothing,
 * so they are skipped 16 at a time with SIMD, then one by one.
 */
// @ts-ignore: decorator
@inline function nextStop(i: i32, quiet: bool): i32 {
  while (i + 16 <= n) {
    const mask = stopMask16(i, quiet);
    if (mask != 0) return i + ctz(mask);
    i += 16;
  }
  const table = quiet ? QUIET_STOP : STOP;
  while (i < n) {
    const d = ch(i);
    if (d < 128 && load<u8>(table + d) != 0) break;
    i++;
  }
  return i;
}

/**
 * The scan of text without noise, as core's `scanQuietText`: the only code units that can
 * change state there are `<`, a `[` at a line start and a backtick run at a line start, so
 * the loop stops at `<`, `[` and backticks only, skipping 8 code units at a time, instead of
 * at every line break. It returns the index of the first noise it meets (a control code unit,
 * DEL or a paste marker), or -1 at the end of a text without any. Up to that index its state
 * and output are the general loop's (that loop too changes state only at these code units as
 * long as it has met no noise; noise on a fence line is skipped unread by both), so the
 * general loop takes over there.
 */
function scanQuiet(): i32 {
  let i = 0;
  while (i < n) {
    i = nextStop(i, true);
    if (i >= n) break;
    const c = ch(i);
    if (c == LT) {
      const consumed = scanTag(i);
      i += consumed > 0 ? consumed : 1;
    } else if (c == LBRACKET) {
      if (matchNoiseToken(i) > 0) return i;
      if (i == 0 || ch(i - 1) == LF) {
        const prefix = matchTranscriptPrefix(i);
        if (prefix > 0) push(TRANSCRIPT_PREFIX, i, i + prefix);
      }
      i++;
    } else if (c == BACKTICK) {
      let lineStart = i;
      while (lineStart > 0 && (ch(lineStart - 1) == SPACE || ch(lineStart - 1) == TAB)) lineStart--;
      const end = lineStart == 0 || ch(lineStart - 1) == LF ? fenceLine(lineStart) : -1;
      if (end >= 0) i = end;
      else while (i < n && ch(i) == BACKTICK) i++;
    } else {
      return i;
    }
  }
  return -1;
}

/** Resets the output and the scan state for a new scan. */
function restart(): void {
  outPos = outStart;
  stackLen = 0;
  abandonedLen = 0;
  inFence = false;
}

/**
 * Scans the `len` code units at `inputPtr()`; returns how many i32s (kind/start/end
 * triples) it wrote at `outputPtr()`.
 */
export function scan(len: i32): i32 {
  scanCalls++;
  setLength(len);
  outStart = (INPUT + (<usize>len << 1) + 15) & ~(<usize>15);
  memEnd = <usize>memory.size() << 16;
  restart();
  const noise = scanQuiet();
  if (noise < 0) {
    quietCalls++;
    return finish(-1, -1, -1);
  }
  return scanEveryCodeUnit(noise);
}

/**
 * The general loop, port of core's `scanEveryCodeUnit`, for text that holds noise: from `from`,
 * where the quiet loop met the first noise (see {@link scanQuiet}).
 */
function scanEveryCodeUnit(from: i32): i32 {
  let noiseStart = -1;
  let firstNoise = -1;
  let firstNoiseEnd = -1;
  let i = from;
  while (i < n) {
    if (i == 0 || ch(i - 1) == LF) {
      const prefix = matchTranscriptPrefix(i);
      if (prefix > 0) {
        push(TRANSCRIPT_PREFIX, i, i + prefix);
        noiseStart = -1;
      }
      const end = fenceLine(i);
      if (end >= 0) {
        noiseStart = -1;
        i = end;
        continue;
      }
    }

    // Plain code units change nothing while no noise run is open (the index after a LF is never
    // skipped, LF being a stop).
    if (noiseStart < 0) {
      i = nextStop(i, false);
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
  return finish(noiseStart, firstNoise, firstNoiseEnd);
}

/** The spans after the last code unit: the open fence, unclosed tags, noise; returns the i32 count. */
function finish(noiseStart: i32, firstNoise: i32, firstNoiseEnd: i32): i32 {
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

export { balancedCount, balancedEnd } from './balanced';
