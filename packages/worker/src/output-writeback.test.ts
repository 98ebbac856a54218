import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OutputWriteback } from './output-writeback.js';

/** A file handle whose data syncs finish when the test says so. */
function fakeHandle(): { handle: FileHandle; syncs: number; finish: () => void } {
  const state = { syncs: 0, finish: () => {} };
  const handle = {
    datasync: () => {
      state.syncs++;
      return new Promise<void>((resolve) => (state.finish = resolve));
    },
  } as unknown as FileHandle;
  return Object.assign(state, { handle });
}

describe('OutputWriteback', () => {
  it('starts a data sync once enough bytes are written, one at a time, and settles with it', async () => {
    const fake = fakeHandle();
    const writeback = new OutputWriteback(fake.handle, 100);
    writeback.wrote(60);
    expect(fake.syncs).toBe(0);
    writeback.wrote(60);
    expect(fake.syncs).toBe(1);
    // One under way: more bytes wait for it rather than start another.
    writeback.wrote(500);
    expect(fake.syncs).toBe(1);
    let settled = false;
    const settling = writeback.settle().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    fake.finish();
    await settling;
    writeback.wrote(100);
    expect(fake.syncs).toBe(2);
  });
});
