import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runBatch } from './run-batch.js';
import { tempDir } from './test-support/temp-dir.js';
import { plainSizeOf } from './open-batch-inputs.js';
import { tuneZodForRun, ZOD_JITLESS_BELOW_BYTES } from './tune-zod-for-run.js';
import { applyZodTuning, ZOD_JITLESS_ENV } from './zod-tuning.js';

const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
const before = host.__zod_globalConfig?.jitless;
const dir = tempDir('zod-tuning');
const contract = { module: fileURLToPath(new URL('./test-support/zod-probe-contract.ts', import.meta.url)), export: 'probe' };

/** Puts this thread's Zod setting and the variable back as they were. */
function restore(): void {
  if (host.__zod_globalConfig !== undefined) {
    if (before === undefined) delete host.__zod_globalConfig.jitless;
    else host.__zod_globalConfig.jitless = before;
  }
  delete process.env[ZOD_JITLESS_ENV];
}

afterEach(restore);
afterAll(() => dir.remove());

/** The `jitless` flag each record's thread reported (see zod-probe-contract.ts). */
async function threadsReport(name: string): Promise<boolean[]> {
  const input = dir.file(`${name}.jsonl`);
  writeFileSync(input, Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: i, output: `{"a": ${i}}` })).join('\n') + '\n');
  const output = dir.file(`${name}.ndjson`);
  // Threads even for this tiny log, in chunks of 4 records so both threads take some.
  const stats = await runBatch({ input, output, contract, threads: 2, inlineBelowBytes: 0, chunkSize: 4 });
  expect(stats.threads).toBe(2);
  const lines = readFileSync(output, 'utf8').trimEnd().split('\n').slice(1);
  return lines.map((line) => (JSON.parse(line) as { data: { jitless: boolean } }).data.jitless);
}

describe('applyZodTuning', () => {
  it('does nothing unless AIRLOCK_ZOD_JITLESS is 1', () => {
    expect(applyZodTuning({})).toBe(false);
    expect(applyZodTuning({ [ZOD_JITLESS_ENV]: '0' })).toBe(false);
    expect(host.__zod_globalConfig?.jitless).toBe(before);
  });

  it('turns jitless on, and leaves a value set with z.config alone', () => {
    host.__zod_globalConfig ??= {};
    host.__zod_globalConfig.jitless = false;
    expect(applyZodTuning({ [ZOD_JITLESS_ENV]: '1' })).toBe(false);
    delete host.__zod_globalConfig.jitless;
    expect(applyZodTuning({ [ZOD_JITLESS_ENV]: '1' })).toBe(true);
    expect(host.__zod_globalConfig.jitless).toBe(true);
  });

  it('is chosen for a run of a known size under the threshold, unless the variable is set', () => {
    const tuned: NodeJS.ProcessEnv = {};
    expect(tuneZodForRun(20 * 1024 * 1024, tuned)).toBe(true);
    expect(tuned[ZOD_JITLESS_ENV]).toBe('1');
    const large: NodeJS.ProcessEnv = {};
    expect(tuneZodForRun(ZOD_JITLESS_BELOW_BYTES, large)).toBe(false);
    expect(large[ZOD_JITLESS_ENV]).toBeUndefined();
    expect(tuneZodForRun(undefined, {})).toBe(false);
    expect(tuneZodForRun(1024, { [ZOD_JITLESS_ENV]: '0' })).toBe(false);
  });

  it('reads a run\'s plain size before it opens its files: gzip as it expands, stdin and unreadable files unknown', async () => {
    const small = dir.file('small.jsonl');
    writeFileSync(small, '{"id":1,"output":"{}"}\n');
    // Sparse: 300 MB of size, no disk.
    const large = dir.file('large.jsonl');
    writeFileSync(large, '');
    truncateSync(large, 300 * 1024 * 1024);
    const gz = dir.file('log.jsonl.gz');
    writeFileSync(gz, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(1022)]));
    expect(await plainSizeOf([small])).toBe(23);
    expect(await plainSizeOf([small, large])).toBe(23 + 300 * 1024 * 1024);
    expect(await plainSizeOf([gz])).toBe(8 * 1024);
    expect(await plainSizeOf(['-'])).toBeUndefined();
    expect(await plainSizeOf([small, dir.file('missing.jsonl')])).toBeUndefined();
  });

  it('reaches every thread that runs chunks of a batch (threads and the calling thread) when set, and none when not', async () => {
    process.env[ZOD_JITLESS_ENV] = '1';
    const tuned = await threadsReport('tuned');
    expect(tuned).toHaveLength(40);
    expect(tuned.every((j) => j)).toBe(true);
    restore();
    const plain = await threadsReport('plain');
    expect(plain.some((j) => j)).toBe(false);
  }, 60_000);
});
