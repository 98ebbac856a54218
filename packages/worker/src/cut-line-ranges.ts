/**
 * Cuts a stream of byte chunks into ranges of whole lines, on the main thread,
 * without decoding anything: a newline byte (0x0A) never occurs inside a
 * multi-byte UTF-8 character, so `indexOf(10)` finds every line end. Each range
 * is in shared memory: a worker thread reads it where it is, and the calling
 * thread still has it should the thread die on it (see `retry-out-of-memory.ts`),
 * with no second copy kept for that case. A range inside a chunk that is itself
 * pooled shared memory (a block of the log, see `read-line-blocks.ts`) is a view
 * of that chunk; other ranges are copied into memory of their own.
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

/** Pooled shared memory whose views a cutter may keep: see `SharedBufferPool`. */
export interface SharedChunks {
  /** Whether `bytes` is a view of memory handed out by the pool and still held. */
  holds(bytes: Uint8Array): boolean;
  /** Adds a holder to the memory `bytes` is a view of; false when it is not pooled memory. */
  retain(bytes: Uint8Array): boolean;
  /** A holder gives it back. */
  give(bytes: Uint8Array): void;
}

/** Options of {@link cutLineRanges}. */
export interface CutOptions {
  linesPerRange: number;
  maxBytes: number;
  skipLines: number;
  firstLine?: number;
  allocate?: (size: number) => Buffer;
  /**
   * Chunks from this pool are cut into views instead of copies, and a pooled chunk that ends
   * with a line end closes a range there (a block reader's chunks all do, but the last).
   */
  shared?: SharedChunks;
  /**
   * The input's length in bytes, when known before it is read: ranges near its end are cut
   * smaller, each at most 1/`parts` of the bytes left where it starts (never under
   * `minBytes`), so the threads finish together instead of one waiting on another's last
   * full range.
   */
  taper?: { inputBytes: number; parts: number; minBytes: number };
}

/**
 * Creates a cutter that closes a range after `linesPerRange` lines or at the
 * first line end after `maxBytes` bytes, numbers lines from `firstLine` (default 1), and
 * drops the first `skipLines` lines
 * (already committed by a resumed run). `allocate` gives the memory of each copied range (it
 * is filled completely); by default a new SharedArrayBuffer.
 *
 * @example
 * const cutter = cutLineRanges({ linesPerRange: 2, maxBytes: 1 << 20, skipLines: 0 });
 * cutter.push(Buffer.from('a\nb\nc')); // [{ firstLine: 1, lines: 2, bytes: 'a\nb\n' }]
 * cutter.end(); // { firstLine: 3, lines: 1, bytes: 'c' }
 */
export function cutLineRanges(options: CutOptions): LineCutter {
  const { linesPerRange, maxBytes, allocate = sharedBytes, shared, taper } = options;
  /** Most bytes of a range starting `at` bytes into the input. */
  const limitFrom = (at: number): number => (taper === undefined ? maxBytes : Math.min(maxBytes, Math.max(taper.minBytes, (taper.inputBytes - at) / taper.parts)));
  let limit = limitFrom(0);
  /** Bytes of the chunks pushed before the current one. */
  let pushed = 0;
  let skip = options.skipLines;
  let skipped = 0;
  // A shard of a queued batch starts mid-log: its lines keep their numbers in the whole log.
  let nextLine = skip + (options.firstLine ?? 1);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let pendingLines = 0;

  /** Empties the waiting pieces, giving back those held in pooled memory. */
  const dropPending = (): void => {
    if (shared !== undefined) for (const piece of pending) shared.give(piece);
    pending = [];
    pendingBytes = 0;
  };

  const cut = (tail: Buffer, lines: number): LineRange => {
    let bytes: Buffer;
    if (pending.length === 0 && shared?.retain(tail) === true) bytes = tail;
    else {
      bytes = allocate(pendingBytes + tail.length);
      let at = 0;
      for (const piece of pending) at += piece.copy(bytes, at);
      tail.copy(bytes, at);
    }
    const range = { bytes, firstLine: nextLine, lines };
    nextLine += lines;
    dropPending();
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
          dropPending();
          start = nl + 1;
          continue;
        }
        pendingLines++;
        if (pendingLines >= linesPerRange || pendingBytes + nl + 1 - start >= limit) {
          ranges.push(cut(chunk.subarray(start, nl + 1), pendingLines));
          start = nl + 1;
          limit = limitFrom(pushed + start);
        }
      }
      if (start < chunk.length) {
        const rest = chunk.subarray(start);
        // A pooled block ends at a line end (or the log's end): its last lines close a range
        // here, still a view, rather than wait to be copied together with the next block's.
        if (pendingLines > 0 && pending.length === 0 && chunk[chunk.length - 1] === 10 && shared?.holds(rest) === true) {
          ranges.push(cut(rest, pendingLines));
          limit = limitFrom(pushed + chunk.length);
        } else {
          // Kept past this call: pooled memory gets a holder, so it is not handed out meanwhile.
          shared?.retain(rest);
          pending.push(rest);
          pendingBytes += rest.length;
        }
      }
      pushed += chunk.length;
      return ranges;
    },
    end() {
      if (skip > 0 || pendingBytes === 0) {
        dropPending();
        return undefined;
      }
      const last = pending[pending.length - 1]!;
      // Complete lines waiting for their range, plus a last line without a newline.
      return cut(Buffer.alloc(0), pendingLines + (last[last.length - 1] === 10 ? 0 : 1));
    },
    endComplete() {
      if (skip > 0 || pendingLines === 0) {
        dropPending();
        return undefined;
      }
      const whole = Buffer.concat(pending);
      dropPending();
      // Keep the whole lines: everything up to and including the last newline.
      pending = [whole.subarray(0, whole.lastIndexOf(10) + 1)];
      pendingBytes = pending[0]!.length;
      return cut(Buffer.alloc(0), pendingLines);
    },
    skippedBytes: () => skipped,
  };
}
