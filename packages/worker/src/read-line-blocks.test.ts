import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cutLineRanges, type LineRange } from './cut-line-ranges.js';
import { readLineBlocks } from './read-line-blocks.js';
import { SharedBufferPool } from './shared-buffer-pool.js';

/** A pool that scribbles over memory as soon as it is free: a view kept without a hold reads garbage. */
class ScribblingPool extends SharedBufferPool {
  override give(bytes: Uint8Array | undefined): void {
    super.give(bytes);
    if (bytes !== undefined && bytes.buffer instanceof SharedArrayBuffer && !this.holds(bytes)) new Uint8Array(bytes.buffer).fill(35);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'airlock-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Every block of `text` read with blocks of `blockBytes`: each kept (a holder added) as a cutter
 * would keep a view, or with `keep` false, copied as it comes and not held.
 */
async function blocksOf(text: string, blockBytes: number, range?: { start: number; end: number }, keep = true): Promise<{ blocks: Buffer[]; pool: SharedBufferPool; bytesRead: number }> {
  const file = join(dir, 'log.jsonl');
  writeFileSync(file, text);
  const pool = new ScribblingPool(8);
  const progress = { bytesRead: 0 };
  const handle = await open(file, 'r');
  const blocks: Buffer[] = [];
  try {
    for await (const block of readLineBlocks(handle, range?.start ?? 0, range?.end ?? Infinity, pool, progress, blockBytes)) {
      if (keep) expect(pool.retain(block)).toBe(true);
      blocks.push(keep ? block : Buffer.from(block));
    }
  } finally {
    await handle.close();
  }
  return { blocks, pool, bytesRead: progress.bytesRead };
}

const logText = fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 30 }).chain((lines) => fc.boolean().map((end) => lines.join('\n') + (end && lines.length > 0 ? '\n' : '')));

describe('readLineBlocks', () => {
  it('gives the file back whole, in blocks that end at a line end (all but the last), still intact after the reader moved on', async () => {
    await fc.assert(
      fc.asyncProperty(logText, fc.integer({ min: 1, max: 64 }), async (text, blockBytes) => {
        // Unheld, a block is free once the reader moves on: its carried line must be copied first.
        expect(Buffer.concat((await blocksOf(text, blockBytes, undefined, false)).blocks).toString()).toBe(text);
        const { blocks, pool, bytesRead } = await blocksOf(text, blockBytes);
        expect(Buffer.concat(blocks).toString()).toBe(text);
        expect(bytesRead).toBe(Buffer.byteLength(text));
        for (const block of blocks.slice(0, -1)) expect(block[block.length - 1]).toBe(10);
        // Each block is held by its keeper alone: the reader gave its own hold back.
        for (const block of blocks) {
          pool.give(block);
          expect(pool.holds(block)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reads a byte range only, and gives a line longer than a block in one block', async () => {
    const long = 'x'.repeat(100);
    const text = `a\n${long}\nb\nc\n`;
    const { blocks } = await blocksOf(text, 8);
    expect(blocks.some((b) => b.toString().startsWith(`${long}\n`))).toBe(true);
    const start = text.indexOf('b');
    const ranged = await blocksOf(text, 8, { start, end: text.length });
    expect(Buffer.concat(ranged.blocks).toString()).toBe('b\nc\n');
    expect(ranged.bytesRead).toBe(4);
  });
});

describe('cutLineRanges over pooled blocks', () => {
  it('cuts views of the blocks, not copies, and gives every line once', async () => {
    await fc.assert(
      fc.asyncProperty(logText, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), async (text, blockBytes, linesPerRange, skipLines) => {
        const { blocks, pool } = await blocksOf(text, blockBytes);
        const cutter = cutLineRanges({ linesPerRange, maxBytes: 1 << 20, skipLines, allocate: (size) => pool.take(size), shared: pool });
        const ranges: LineRange[] = [];
        for (const block of blocks) {
          ranges.push(...cutter.push(block));
          // The reader's hold ends when it moves on; the cutter's views must keep the memory.
          pool.give(block);
        }
        const last = cutter.end();
        if (last !== undefined) ranges.push(last);
        const lines = text.split('\n');
        if (lines[lines.length - 1] === '') lines.pop();
        expect(ranges.flatMap((r) => Buffer.from(r.bytes).toString().split('\n').slice(0, r.lines))).toEqual(lines.slice(skipLines));
        // All but a last line without a line end are views of a block.
        for (const range of ranges.slice(0, -1)) expect(blocks.some((b) => b.buffer === range.bytes.buffer)).toBe(true);
        for (const range of ranges) pool.give(range.bytes);
        for (const block of blocks) expect(pool.holds(block)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
