import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutLineRanges, type CutOptions, type LineRange } from './cut-line-ranges.js';

function cutAll(text: string, pieces: number[], options: CutOptions): LineRange[] {
  const bytes = Buffer.from(text);
  const cutter = cutLineRanges(options);
  const ranges: LineRange[] = [];
  let at = 0;
  for (const size of [...pieces, bytes.length]) {
    const end = Math.min(bytes.length, at + size);
    ranges.push(...cutter.push(bytes.subarray(at, end)));
    at = end;
    if (at === bytes.length) break;
  }
  const last = cutter.end();
  if (last !== undefined) ranges.push(last);
  return ranges;
}

/** Lines as readline numbers them: split on \n, no empty last line after a final newline. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

describe('cutLineRanges', () => {
  it('cuts after a number of lines, and keeps a last line without newline', () => {
    const ranges = cutAll('a\nbb\nc\nd', [3], { linesPerRange: 2, maxBytes: 1 << 20, skipLines: 0 });
    expect(ranges.map((r) => [Buffer.from(r.bytes).toString(), r.firstLine, r.lines])).toEqual([['a\nbb\n', 1, 2], ['c\nd', 3, 2]]);
  });

  it('cuts at the first line end past the byte limit', () => {
    const ranges = cutAll('aaaa\nb\ncccccc\nd\n', [], { linesPerRange: 100, maxBytes: 6, skipLines: 0 });
    expect(ranges.map((r) => Buffer.from(r.bytes).toString())).toEqual(['aaaa\nb\n', 'cccccc\n', 'd\n']);
  });

  it('tapers: near the end a range is at most the bytes left where it starts over the parts, down to the floor', () => {
    const log = 'xxxxxxxxx\n'.repeat(100);
    const ranges = cutAll(log, [64, 300, 7], { linesPerRange: 1000, maxBytes: 1 << 20, skipLines: 0, taper: { inputBytes: log.length, parts: 4, minBytes: 20 } });
    // 1000 / 4 = 250, then (1000 - 250) / 4 = 187.5 → 190 (whole lines of 10 bytes), … down to 20.
    expect(ranges.map((r) => r.bytes.length)).toEqual([250, 190, 140, 110, 80, 60, 50, 30, 30, 20, 20, 20]);
  });

  it('gives every line exactly once, numbered as readline would, whatever the pieces, sizes and skips', () => {
    const text = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constant('')), { maxLength: 40 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(text, fc.boolean(), fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 10 }), fc.option(fc.record({ parts: fc.integer({ min: 1, max: 8 }), minBytes: fc.integer({ min: 1, max: 12 }) })), (body, newlineAtEnd, pieces, linesPerRange, maxBytes, skipLines, taper) => {
        const log = newlineAtEnd && body !== '' ? `${body}\n` : body;
        const ranges = cutAll(log, pieces, { linesPerRange, maxBytes, skipLines, ...(taper === null ? {} : { taper: { ...taper, inputBytes: Buffer.byteLength(log) } }) });
        const expected = linesOf(log).slice(skipLines);
        const got = ranges.flatMap((r) => linesOf(Buffer.from(r.bytes).toString()));
        expect(got).toEqual(expected);
        let line = skipLines + 1;
        for (const r of ranges) {
          expect(r.firstLine).toBe(line);
          expect(linesOf(Buffer.from(r.bytes).toString()).length).toBe(r.lines);
          expect(r.lines).toBeLessThanOrEqual(linesPerRange);
          expect(r.bytes.byteOffset).toBe(0);
          expect(r.bytes.byteLength).toBe(r.bytes.buffer.byteLength);
          line += r.lines;
        }
      }),
    );
  });
});

describe('cutLineRanges after a read error', () => {
  it('endComplete keeps the whole lines and drops a partial last line', () => {
    const cutter = cutLineRanges({ linesPerRange: 10, maxBytes: 1 << 20, skipLines: 1 });
    expect(cutter.push(Buffer.from('skip\na\nb\npart'))).toEqual([]);
    const range = cutter.endComplete()!;
    expect(Buffer.from(range.bytes).toString()).toBe('a\nb\n');
    expect(range).toMatchObject({ firstLine: 2, lines: 2 });
    expect(cutter.skippedBytes()).toBe(5);
  });

  it('endComplete gives nothing when only a partial line is waiting', () => {
    const cutter = cutLineRanges({ linesPerRange: 1, maxBytes: 1 << 20, skipLines: 0 });
    expect(cutter.push(Buffer.from('a\npart'))).toHaveLength(1);
    expect(cutter.endComplete()).toBeUndefined();
  });
});
