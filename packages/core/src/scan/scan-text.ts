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
 *
 * Two loops apply these rules. Up to the first noise (one regex pass finds it), nothing can
 * open a noise run, so only a `<`, a `[` at a line start and a backtick run at a line start
 * can change state: the quiet loop jumps from one to the next with `indexOf`, which the engine
 * runs many times faster than a loop over code units. From the first noise on, the general
 * loop visits every code unit a noise run could concern. Most model output holds no noise and
 * never reaches the general loop; which loop ran never shows in the output (property tests
 * hold the pair to the general loop run from the first code unit).
 */
import { SpanKind } from './span-kind.js';
import { firstNoiseIndex } from './holds-noise.js';
import {
  BACKTICK, LBRACKET, LF, LT, SPACE, TAB, DEL,
  isWhitespace, matchNoiseToken, matchTranscriptPrefix, pushUnclosedTags, scanTag, type SpanOut, type TagState,
} from './scan-tokens.js';

/**
 * ASCII code units that can change scanner state when no noise run is open: LF (the next
 * index is a line start), `<`, `[`, DEL and C0 controls other than tab and CR.
 */
const STOP = new Uint8Array(128);
for (let c = 0; c < 32; c++) STOP[c] = c !== TAB && c !== 13 ? 1 : 0;
STOP[LT] = 1;
STOP[LBRACKET] = 1;
STOP[DEL] = 1;

/**
 * Growable Int32 triple buffer. One buffer serves every scan (scans are synchronous and never
 * nest), so a call pays for its result's copy only, not for a buffer of its own.
 */
class SpanSink implements SpanOut {
  static shared = new Int32Array(48);
  buf = SpanSink.shared;
  len = 0;
  push(kind: number, start: number, end: number): void {
    if (this.len + 3 > this.buf.length) {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
      // A text with many spans grew it: keep the larger buffer unless it is unusually large.
      if (next.length <= 4096) SpanSink.shared = next;
    }
    this.buf[this.len++] = kind;
    this.buf[this.len++] = start;
    this.buf[this.len++] = end;
  }
  result(): Int32Array {
    return this.buf.slice(0, this.len);
  }
}

/** An open fence, while the scan is inside one. */
interface FenceState {
  open: boolean;
  ticks: number;
  openStart: number;
  openEnd: number;
  infoStart: number;
  infoEnd: number;
  bodyStart: number;
}

function newFence(): FenceState {
  return { open: false, ticks: 0, openStart: 0, openEnd: 0, infoStart: 0, infoEnd: 0, bodyStart: 0 };
}

/** End of the line containing `i` (index of `\n` or text length). */
function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

/**
 * Reads the line starting at `lineStart` as a fence line: it opens a fence (outside one) or
 * closes the open one. Returns the line's end when it did (the scan skips the line), else -1.
 */
function readFenceLine(text: string, lineStart: number, fence: FenceState, out: SpanOut): number {
  const n = text.length;
  let j = lineStart;
  while (j < n && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB)) j++;
  let k = j;
  while (k < n && text.charCodeAt(k) === BACKTICK) k++;
  const ticks = k - j;
  if (ticks < 3) return -1;
  const end = lineEnd(text, k);
  if (!fence.open) {
    let infoStart = k;
    while (infoStart < end && isWhitespace(text.charCodeAt(infoStart))) infoStart++;
    let infoEnd = end;
    while (infoEnd > infoStart && isWhitespace(text.charCodeAt(infoEnd - 1))) infoEnd--;
    // An info string holding a backtick makes the line inline code, not a fence.
    const tick = text.indexOf('`', infoStart);
    if (tick >= 0 && tick < infoEnd) return -1;
    fence.open = true;
    fence.ticks = ticks;
    fence.openStart = j;
    fence.openEnd = end;
    fence.infoStart = infoStart;
    fence.infoEnd = infoEnd;
    fence.bodyStart = end < n ? end + 1 : n;
    return end;
  }
  if (ticks < fence.ticks) return -1;
  let r = k;
  while (r < end && isWhitespace(text.charCodeAt(r))) r++;
  if (r !== end) return -1;
  out.push(SpanKind.FENCE_OPEN, fence.openStart, fence.openEnd);
  if (fence.infoEnd > fence.infoStart) out.push(SpanKind.FENCE_INFO, fence.infoStart, fence.infoEnd);
  out.push(SpanKind.FENCE_BODY, fence.bodyStart, lineStart);
  out.push(SpanKind.FENCE_CLOSE, j, end);
  fence.open = false;
  return end;
}

/** What both loops carry: the output and the fence and tag states. */
interface ScanState {
  readonly out: SpanSink;
  readonly fence: FenceState;
  readonly tags: TagState;
}

function newScan(): ScanState {
  return { out: new SpanSink(), fence: newFence(), tags: { stack: [], abandoned: [] } };
}

/** The spans a scan emits after its last character: the open fence, unclosed tags, noise. */
function finish(text: string, { out, fence, tags }: ScanState, noiseStart: number, firstNoise: number, firstNoiseEnd: number): Int32Array {
  const n = text.length;
  if (fence.open) {
    let r = fence.bodyStart;
    while (r < n && isWhitespace(text.charCodeAt(r))) r++;
    // A bare fence followed only by whitespace and trailing noise closes nothing: an orphan.
    if (fence.infoEnd === fence.infoStart && (r === n || r === noiseStart)) {
      out.push(SpanKind.ORPHAN_FENCE, fence.openStart, fence.openEnd);
    } else {
      out.push(SpanKind.FENCE_OPEN, fence.openStart, fence.openEnd);
      if (fence.infoEnd > fence.infoStart) out.push(SpanKind.FENCE_INFO, fence.infoStart, fence.infoEnd);
      out.push(SpanKind.FENCE_UNCLOSED_BODY, fence.bodyStart, n);
    }
  }
  pushUnclosedTags(tags, n, out);
  if (noiseStart >= 0) out.push(SpanKind.TRAILING_NOISE, noiseStart, n);
  if (firstNoise >= 0) out.push(SpanKind.FIRST_NOISE, firstNoise, firstNoiseEnd);
  return out.result();
}

/**
 * Scans raw model text for candidate spans.
 *
 * @param quiet the caller already knows `textHoldsNoise(text)` is false (the pipeline asks it
 * before it scans): the scan does not look again. Passing `true` for text with noise loses its
 * noise spans.
 * @returns a flat `Int32Array` of `[kind, start, end, …]` (see {@link SpanKind}), offsets in
 * UTF-16 code units of `text`.
 * @example
 * const spans = scanText('Here:\n```json\n{"a":1}\n```\n');
 * // [FENCE_OPEN, 6, 13, FENCE_INFO, 9, 13, FENCE_BODY, 14, 22, FENCE_CLOSE, 22, 25]
 */
export function scanText(text: string, quiet = false): Int32Array {
  const scan = newScan();
  // One regex pass finds the first noise (about 1 ns a code unit): the quiet loop runs up to
  // it, the general loop from there.
  const noise = quiet ? -1 : firstNoiseIndex(text);
  const stop = quietLoop(text, scan, noise < 0 ? text.length : noise);
  return noise < 0 ? finish(text, scan, -1, -1, -1) : generalLoop(text, scan, stop);
}

/**
 * The general loop alone, from the first code unit: the rules read literally. Exported for
 * the test that holds {@link scanText} (quiet loop, then general loop from the first noise)
 * to it.
 */
export function scanEveryCodeUnit(text: string): Int32Array {
  return generalLoop(text, newScan(), 0);
}

/**
 * The general loop, from `from` to the end: visits every code unit a noise run or a line
 * start could concern. Before the first noise its state is what the quiet loop's is.
 */
function generalLoop(text: string, scan: ScanState, from: number): Int32Array {
  const { out, fence, tags } = scan;
  const n = text.length;
  let noiseStart = -1;
  let firstNoise = -1;
  let firstNoiseEnd = -1;
  let i = from;
  while (i < n) {
    if (i === 0 || text.charCodeAt(i - 1) === LF) {
      const prefix = matchTranscriptPrefix(text, i);
      if (prefix > 0) {
        out.push(SpanKind.TRANSCRIPT_PREFIX, i, i + prefix);
        noiseStart = -1;
      }
      // Only a line opening with a backtick, a space or a tab can be a fence line.
      const first = text.charCodeAt(i);
      const end = first === BACKTICK || first === SPACE || first === TAB ? readFenceLine(text, i, fence, out) : -1;
      if (end >= 0) {
        noiseStart = -1;
        i = end;
        continue;
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
  return finish(text, scan, noiseStart, firstNoise, firstNoiseEnd);
}

/**
 * The first line start at or after `from` whose line begins with `[`, or -1. A one-character
 * search (the engine's fastest) and a look back, rather than a search for `\n[`.
 */
function bracketLineFrom(text: string, from: number): number {
  let at = text.indexOf('[', from);
  while (at > 0 && text.charCodeAt(at - 1) !== LF) at = text.indexOf('[', at + 1);
  return at;
}

/** The first line start at or after `from` whose line is spaces or tabs, then three backticks or more; or -1. */
function tickLineFrom(text: string, from: number): number {
  const n = text.length;
  let at = text.indexOf('```', from);
  while (at >= 0) {
    let lineStart = at;
    while (lineStart > 0 && (text.charCodeAt(lineStart - 1) === SPACE || text.charCodeAt(lineStart - 1) === TAB)) lineStart--;
    if (lineStart >= from && (lineStart === 0 || text.charCodeAt(lineStart - 1) === LF)) return lineStart;
    let runEnd = at + 3;
    while (runEnd < n && text.charCodeAt(runEnd) === BACKTICK) runEnd++;
    at = text.indexOf('```', runEnd);
  }
  return -1;
}

/**
 * The quiet loop: the general loop's rules for text without noise, visiting only the indexes
 * that can change state there, in text order: each `<`, and each line start that begins with
 * `[` or with a backtick run (a fence line skips the `<` on it). It handles what starts before
 * `limit` (the first noise, or the end) and returns where the general loop takes over: `limit`,
 * or the end of a fence line that runs past it (noise on a fence line is not read).
 */
function quietLoop(text: string, { out, fence, tags }: ScanState, limit: number): number {
  let resume = limit;
  let nextTag = text.indexOf('<');
  let nextBracketLine = bracketLineFrom(text, 0);
  let nextTickLine = tickLineFrom(text, 0);
  for (;;) {
    const line = nextBracketLine < 0 ? nextTickLine : nextTickLine < 0 ? nextBracketLine : Math.min(nextBracketLine, nextTickLine);
    const tag = nextTag >= limit ? -1 : nextTag;
    if ((line < 0 || line >= limit) && tag < 0) break;
    if (line >= 0 && line < limit && (tag < 0 || line < tag)) {
      if (line === nextBracketLine) {
        const prefix = matchTranscriptPrefix(text, line);
        if (prefix > 0) out.push(SpanKind.TRANSCRIPT_PREFIX, line, line + prefix);
        nextBracketLine = bracketLineFrom(text, line + 1);
        continue;
      }
      const end = readFenceLine(text, line, fence, out);
      nextTickLine = tickLineFrom(text, end >= 0 ? end : line + 1);
      if (end >= 0) {
        if (nextTag >= 0 && nextTag < end) nextTag = text.indexOf('<', end);
        resume = Math.max(resume, end);
      }
      continue;
    }
    const consumed = scanTag(text, tag, tags, out);
    nextTag = text.indexOf('<', tag + (consumed > 0 ? consumed : 1));
  }
  return resume;
}

/**
 * The quiet loop alone over the whole text: what {@link scanText} returns for text without
 * noise. Exported for the test that holds it to the general loop.
 */
export function scanQuietText(text: string): Int32Array {
  const scan = newScan();
  quietLoop(text, scan, text.length);
  return finish(text, scan, -1, -1, -1);
}
