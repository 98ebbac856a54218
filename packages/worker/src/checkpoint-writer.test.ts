import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyCounts } from './batch-counts.js';
import { readCheckpoint, type Checkpoint } from './checkpoint.js';
import { CheckpointWriter } from './checkpoint-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function checkpointWith(records: number): Checkpoint {
  return { airlockCheckpoint: 1, version: '0', fingerprint: 'f', input: { path: 'log', size: 1 }, records, lines: records, outputBytes: records * 10, counts: emptyCounts() };
}

describe('CheckpointWriter', () => {
  it('writes after a commit only once the interval has passed, and the latest commit on flush', async () => {
    const path = join(dir, 'slow.checkpoint.json');
    let records = 0;
    const writer = new CheckpointWriter(path, () => checkpointWith(records), 60_000);
    records = 5;
    await writer.committed();
    expect(existsSync(path)).toBe(false);
    records = 9;
    await writer.committed();
    await writer.flush();
    // Built when written: the state of the last commit, not of the first one offered.
    expect((await readCheckpoint(path))?.records).toBe(9);
  });

  it('writes on every commit when the interval is 0, and flushes nothing new twice', async () => {
    const path = join(dir, 'each.checkpoint.json');
    let records = 1;
    let builds = 0;
    const writer = new CheckpointWriter(path, () => (builds++, checkpointWith(records)), 0);
    await writer.committed();
    expect((await readCheckpoint(path))?.records).toBe(1);
    records = 2;
    await writer.committed();
    expect((await readCheckpoint(path))?.records).toBe(2);
    await writer.flush();
    expect(builds).toBe(2);
  });
});
