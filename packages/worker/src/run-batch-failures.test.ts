import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { checkpointPath, readCheckpoint } from './checkpoint.js';
import { diffBatches } from './diff-batches.js';
import { readBatchOutput } from './read-batch-output.js';
import { runBatch } from './run-batch.js';
import { makeRunLog } from './test-support/make-run-log.js';
import { readRecords, TASK_CONTRACT } from './test-support/batch-records.js';
import { tempDir } from './test-support/temp-dir.js';
import type { BatchProgress, RunBatchOptions } from './types.js';

const dir = tempDir('run-batch-failures');
const contract = TASK_CONTRACT;
const log = dir.file('log.jsonl');
const RECORDS = 400;

function options(input: RunBatchOptions['input'], output: string, extra: Partial<RunBatchOptions> = {}): RunBatchOptions {
  return { input, output: dir.file(output), contract, threads: 0, chunkSize: 16, ...extra };
}

async function batchError(run: Promise<unknown>): Promise<BatchError> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BatchError);
  expect((error as BatchError).message).not.toContain('\n');
  return error as BatchError;
}


beforeAll(() => writeFileSync(log, makeRunLog(RECORDS)));
afterAll(() => dir.remove());

describe('runBatch when the input fails mid-run', () => {
  it('commits every whole record read before a gzip cut half-way and says how many in one line', async () => {
    const gz = gzipSync(readFileSync(log));
    const cut = dir.file('cut.jsonl.gz');
    writeFileSync(cut, gz.subarray(0, Math.floor(gz.length / 2)));
    const error = await batchError(runBatch(options(cut, 'cut.ndjson')));
    expect(error.kind).toBe('read');
    const committed = Number(/the (\d+) records read before it are committed/.exec(error.message)?.[1]);
    expect(error.message).toMatch(/^cannot read input .*cut\.jsonl\.gz after line \d+: unexpected end of file; the \d+ records read before it are committed to .*cut\.ndjson \(checkpoint kept: rerun with --resume once the input is fixed\)$/);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(RECORDS);
    const written = await readRecords(dir.file('cut.ndjson'));
    expect(written).toHaveLength(committed);
    // Each committed record is the whole record: same results as the full log's first ones.
    await runBatch(options(log, 'full.ndjson'));
    expect(written).toEqual((await readRecords(dir.file('full.ndjson'))).slice(0, committed));
    expect((await readCheckpoint(checkpointPath(dir.file('cut.ndjson'))))?.records).toBe(committed);
  });
});

describe('runBatch when the first checkpoint cannot be written', () => {
  it('creates no output, so a later --resume never reports the run as completed', async () => {
    const output = dir.file('nocheckpoint.ndjson');
    // A directory where the checkpoint's temporary file goes: the write fails as on a full disk.
    mkdirSync(`${checkpointPath(output)}.tmp`);
    const error = await batchError(runBatch(options(log, 'nocheckpoint.ndjson')));
    expect(error.message).toMatch(/^cannot write checkpoint /);
    const resumed = await batchError(runBatch(options(log, 'nocheckpoint.ndjson', { resume: true })));
    expect(resumed.message).not.toMatch(/completed/);
  });
});

describe('runBatch over several inputs', () => {
  const second = dir.file('second.jsonl.gz');
  beforeAll(() => writeFileSync(second, gzipSync(makeRunLog(150))));

  it('writes one output with the file and the per-file line of each record', async () => {
    const progress: BatchProgress[] = [];
    const stats = await runBatch(options([log, second], 'multi.ndjson', { onProgress: (p) => progress.push(p) }));
    expect(stats.records).toBe(RECORDS + 150);
    const written = await readRecords(dir.file('multi.ndjson'));
    expect(written[0]).toMatchObject({ line: 1, file: log });
    expect(written[RECORDS]).toMatchObject({ line: 1, file: second });
    expect(written.at(-1)).toMatchObject({ line: makeRunLog(150).trimEnd().split('\n').length, file: second });
    const reader = await readBatchOutput(dir.file('multi.ndjson'));
    await reader.close();
    expect(reader.metadata.input?.files).toEqual([log, second]);
    // Progress: committed bytes only grow and end at the size of both files.
    const committed = progress.map((p) => p.inputBytesCommitted);
    expect(committed).toEqual([...committed].sort((a, b) => a - b));
    expect(committed.at(-1)).toBe(progress.at(-1)!.inputBytesTotal);
  });

  it('resumes an interrupted run of several inputs to the same output', async () => {
    const controller = new AbortController();
    const first = await runBatch(options([log, second], 'multi-resumed.ndjson', {
      signal: controller.signal,
      // Stops in the second file, past the first.
      onProgress: (p) => p.records > RECORDS + 40 && controller.abort(),
    }));
    expect(first.complete).toBe(false);
    expect((await readCheckpoint(checkpointPath(dir.file('multi-resumed.ndjson'))))?.file).toBe(1);
    const rest = await runBatch(options([log, second], 'multi-resumed.ndjson', { resume: true }));
    expect(rest.complete).toBe(true);
    expect(readFileSync(dir.file('multi-resumed.ndjson'), 'utf8')).toBe(readFileSync(dir.file('multi.ndjson'), 'utf8'));
  });

  it('refuses stdin among several inputs', async () => {
    const error = await batchError(runBatch(options([log, '-'], 'stdin-multi.ndjson')));
    expect(error.message).toBe('stdin (-) cannot be one of several inputs: save it to a file first');
  });
});

describe('runBatch input fingerprints', () => {
  it('lets diff refuse outputs of different logs unless forced', async () => {
    const other = dir.file('other.jsonl');
    writeFileSync(other, makeRunLog(RECORDS + 1));
    await runBatch(options(log, 'same-a.ndjson'));
    await runBatch(options(log, 'same-b.ndjson', { threads: 1 }));
    await runBatch(options(other, 'other.ndjson'));
    expect((await diffBatches(dir.file('same-a.ndjson'), dir.file('same-b.ndjson'))).changed).toBe(0);
    const error = await batchError(diffBatches(dir.file('same-a.ndjson'), dir.file('other.ndjson')));
    expect(error.message).toMatch(/^.*same-a\.ndjson and .*other\.ndjson are outputs of different logs \(.*\); pass --force to compare them anyway$/);
    expect((await diffBatches(dir.file('same-a.ndjson'), dir.file('other.ndjson'), { force: true })).compared).toBe(RECORDS);
  });
});

describe('runBatch resume and the input fingerprint', () => {
  it('refuses to resume over another log of the same size', async () => {
    const changing = dir.file('changing.jsonl');
    writeFileSync(changing, makeRunLog(RECORDS));
    const controller = new AbortController();
    const first = await runBatch(options(changing, 'changing.ndjson', { signal: controller.signal, onProgress: (p) => p.records > 40 && controller.abort() }));
    expect(first.complete).toBe(false);
    // Same bytes count, other content: only the fingerprint tells.
    writeFileSync(changing, readFileSync(changing, 'utf8').replace(/"r1"/, '"x1"'));
    const error = await batchError(runBatch(options(changing, 'changing.ndjson', { resume: true })));
    expect(error.message).toMatch(/^cannot resume: the input is not the log .*changing\.ndjson was made from \(.*changing\.jsonl\); pass --force to start over$/);
  });
});

describe('runBatch on invalid UTF-8', () => {
  it('records a line with invalid UTF-8 as a bad_record naming the byte, and keeps the others', async () => {
    const bad = dir.file('bad-utf8.jsonl');
    const good = Buffer.from('{"id":"a","output":"{\\"title\\":\\"t\\",\\"priority\\":1}"}\n');
    const broken = Buffer.concat([Buffer.from('{"id":"b","output":"{\\"title\\":\\"'), Buffer.from([0xff, 0xfe]), Buffer.from('\\",\\"priority\\":1}"}\n')]);
    writeFileSync(bad, Buffer.concat([good, broken, good]));
    const stats = await runBatch(options(bad, 'bad-utf8.ndjson'));
    expect(stats.failures.bad_record).toBe(1);
    const written = await readRecords(dir.file('bad-utf8.ndjson'));
    expect(written[1]!.result).toMatchObject({ success: false, failure: 'bad_record', extractionError: 'line 2: invalid UTF-8 at byte 33 of the line' });
    expect(written[0]!.result.success).toBe(written[2]!.result.success);
    expect(stats.examples.bad_record).toEqual({ line: 2, id: null, error: 'line 2: invalid UTF-8 at byte 33 of the line' });
  });
});
