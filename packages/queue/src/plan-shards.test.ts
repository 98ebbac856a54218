import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planShards } from './plan-shards.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const scratch = mkdtempSync(join(tmpdir(), 'airlock-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const tempDir = (): string => scratch;

function linesOf(text: string, from: number, to: number): string[] {
  return Buffer.from(text).subarray(from, to).toString('utf8').split('\n');
}

describe('planShards', () => {
  it('cuts on line boundaries and numbers each shard from its first input line', async () => {
    const dir = tempDir();
    const text = ['{"id":1}', '{"id":2,"output":"é"}', '', '{"id":4}', '{"id":5}'].join('\n');
    writeFileSync(`${dir}/log.jsonl`, text);
    const shards = await planShards(`${dir}/log.jsonl`, { shardBytes: 9 });
    expect(shards).toEqual([
      { index: 0, start: 0, end: 9, firstLine: 1 },
      { index: 1, start: 9, end: 32, firstLine: 2 },
      { index: 2, start: 32, end: 42, firstLine: 3 },
      { index: 3, start: 42, end: 50, firstLine: 5 },
    ]);
    expect(linesOf(text, 32, 42)).toEqual(['', '{"id":4}', '']);
  });

  it('covers the file exactly, in order, whatever the shard size (property)', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 12 }).map((s) => s.replace(/\n/g, ' ')), { maxLength: 30 }), fc.integer({ min: 1, max: 64 }), async (lines, shardBytes) => {
        const text = lines.join('\n');
        writeFileSync(`${dir}/p.jsonl`, text);
        const shards = await planShards(`${dir}/p.jsonl`, { shardBytes });
        const bytes = Buffer.from(text);
        let expectedStart = 0;
        let expectedLine = 1;
        for (const shard of shards) {
          expect(shard.start).toBe(expectedStart);
          expect(shard.firstLine).toBe(expectedLine);
          if (shard.end < bytes.length) expect(bytes[shard.end - 1]).toBe(0x0a);
          expectedLine += bytes.subarray(shard.start, shard.end).filter((b) => b === 0x0a).length;
          expectedStart = shard.end;
        }
        expect(expectedStart).toBe(bytes.length);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a gzip log whole (it cannot be entered mid-stream)', async () => {
    const dir = tempDir();
    writeFileSync(`${dir}/log.jsonl.gz`, gzipSync('{"id":1}\n{"id":2}\n'));
    const shards = await planShards(`${dir}/log.jsonl.gz`, { shardBytes: 1 });
    expect(shards).toHaveLength(1);
    expect(shards[0]!.firstLine).toBe(1);
  });

  it('gives an empty file one empty shard', async () => {
    const dir = tempDir();
    writeFileSync(`${dir}/empty.jsonl`, '');
    expect(await planShards(`${dir}/empty.jsonl`)).toEqual([{ index: 0, start: 0, end: 0, firstLine: 1 }]);
  });
});
