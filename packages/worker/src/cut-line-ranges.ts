/**
 * Cuts a stream of byte chunks into ranges of whole lines, on the main thread,
 * without decoding anything: a newline byte (0x0A) never occurs inside a
 * multi-byte UTF-8 character, so `indexOf(10)` finds every line end. Each range
 * is copied into its own SharedArrayBuffer: a worker thread reads it where it
 * is, and the calling thread still has it should the thread die on it (see
 * `retry-out-of-memory.ts`), with no second copy kept for that case.
 */

/** Whole lines of the log, as bytes, and where they start. */
export interface LineRange {
  /** The lines, each ending with `\n` except possibly the last line of the log. */
  bytes: Uint8Array;
  /** 1-based number of the range's first line. */
  firstLine: number;
  /** Lines in the range, blank ones included. */
  lines: number;
}

/** Feeds chunks in, takes ranges out. */
export interface LineCutter {
  /** Ranges completed by this chunk (possibly none). */
  push(chunk: Buffer): LineRange[];
  /** The rest after the last newline (a last line without one), if any. */
  end(): LineRange | undefined;
  /**
   * The complete lines still waiting for their range, without the bytes after the last
   * newline: what can be trusted of an input whose reading failed (a truncated gzip).
   */
  endComplete(): LineRange | undefined;
  /** Bytes of the lines dropped by `skipLines` so far. */
  skippedBytes(): number;
}

function sharedBytes(size: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(size));
}

/**
 * Creates a cutter that closes a range after `linesPerRange` lines or at the
 * first line end after `maxBytes` bytes, numbers lines from `firstLine` (default 1), and
 * drops the first `skipLines` lines
 * (already committed by a resumed run). `allocate` gives the memory of each range (it is
 * filled completely); by default a new SharedArrayBuffer.
 *
 * @example
 * const cutter = cutLineRanges({ linesPerRange: 2, maxBytes: 1 << 20, skipLines: 0 });
 * cutter.push(Buffer.from('a\nb\nc')); // [{ firstLine: 1, lines: 2, bytes: 'a\nb\n' }]
 * cutter.end(); // { firstLine: 3, lines: 1, bytes: 'c' }
 */
export function cutLineRanges(options: { linesPerRange: number; maxBytes: number; skipLines: number; firstLine?: number; allocate?: (size: number) => Buffer }): LineCutter {
  const { linesPerRange, maxBytes, allocate = sharedBytes } = options;
  let skip = options.skipLines;
  let skipped = 0;
  // A shard of a queued batch starts mid-log: its lines keep their numbers in the whole log.
  let nextLine = skip + (options.firstLine ?? 1);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let pendingLines = 0;

  const cut = (tail: Buffer, lines: number): LineRange => {
    const bytes = allocate(pendingBytes + tail.length);
    let at = 0;
    for (const piece of pending) at += piece.copy(bytes, at);
    tail.copy(bytes, at);
    const range = { bytes, firstLine: nextLine, lines };
    nextLine += lines;
    pending = [];
    pendingBytes = 0;
    pendingLines = 0;
    return range;
  };

  return {
    push(chunk) {
      const ranges: LineRange[] = [];
      let start = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, nl + 1)) {
        if (skip > 0) {
          skip--;
          skipped += pendingBytes + nl + 1 - start;
          pending = [];
          pendingBytes = 0;
          start = nl + 1;
          continue;
        }
        pendingLines++;
        if (pendingLines >= linesPerRange || pendingBytes + nl + 1 - start >= maxBytes) {
          ranges.push(cut(chunk.subarray(start, nl + 1), pendingLines));
          start = nl + 1;
        }
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
      }
      return ranges;
    },
    end() {
      if (skip > 0 || pendingBytes === 0) return undefined;
      const last = pending[pending.length - 1]!;
      // Complete lines waiting for their range, plus a last line without a newline.
      return cut(Buffer.alloc(0), pendingLines + (last[last.length - 1] === 10 ? 0 : 1));
    },
    endComplete() {
      if (skip > 0 || pendingLines === 0) return undefined;
      const whole = Buffer.concat(pending);
      // Keep the whole lines: everything up to and including the last newline.
      pending = [whole.subarray(0, whole.lastIndexOf(10) + 1)];
      pendingBytes = pending[0]!.length;
      return cut(Buffer.alloc(0), pendingLines);
    },
    skippedBytes: () => skipped,
  };
}
