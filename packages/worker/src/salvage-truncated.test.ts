import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { decodeBatchRecord } from './read-batch-output.js';
import { runBatch } from './run-batch.js';
import { readRecords } from './test-support/batch-records.js';
import { tempDir } from './test-support/temp-dir.js';
import type { RunBatchOptions } from './types.js';

const dir = tempDir('salvage-truncated');
afterAll(() => dir.remove());

const fixture = (name: string): string => fileURLToPath(new URL(`./test-support/fixtures/${name}`, import.meta.url));
/** Nine records: whole; cut in an enum, a string, a key; prose only; invalid; invalid and cut; cut in a wrong type; not text. */
const LOG = fixture('salvage-log.jsonl');
const EXPECTED = readFileSync(fixture('salvage-expected.ndjson'), 'utf8');
const contract = { module: fileURLToPath(new URL('./test-support/review-contract.ts', import.meta.url)), export: 'review' };

function options(output: string, extra: Partial<RunBatchOptions> = {}): RunBatchOptions {
  return { input: LOG, output: dir.file(output), contract, threads: 0, chunkSize: 2, salvageTruncated: true, ...extra };
}

/** The result lines of an output, without its metadata line (which names paths and versions). */
function results(path: string): string {
  const text = readFileSync(path, 'utf8');
  return text.slice(text.indexOf('\n') + 1);
}

function metadataOptions(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  return (JSON.parse(text.slice(0, text.indexOf('\n'))) as { airlock: { options: unknown } }).airlock.options;
}

describe('runBatch with salvageTruncated', () => {
  it('writes the partial value and states beside each truncated failure, byte for byte', async () => {
    const stats = await runBatch(options('inline.ndjson'));
    expect(results(dir.file('inline.ndjson'))).toBe(EXPECTED);
    expect(metadataOptions(dir.file('inline.ndjson'))).toEqual({ field: 'output', idField: 'id', includeRaw: false, salvageTruncated: true });
    // Salvaged records stay truncated failures: the failure counts do not move.
    expect(stats).toMatchObject({ records: 9, validUntouched: 1, validRepaired: 0, failed: 8, salvaged: 3, failures: { truncated: 5, no_candidate: 1, schema: 1, bad_record: 1 } });
  });

  it('writes the same bytes on two threads and chunks of any size', async () => {
    await runBatch(options('threads.ndjson', { threads: 2, chunkSize: 1 }));
    expect(results(dir.file('threads.ndjson'))).toBe(EXPECTED);
    await runBatch(options('one-chunk.ndjson', { threads: 2, chunkSize: 100 }));
    expect(results(dir.file('one-chunk.ndjson'))).toBe(EXPECTED);
  });

  it('without the option writes the same lines minus the salvaged fields, and the metadata as before', async () => {
    const stats = await runBatch(options('plain.ndjson', { salvageTruncated: false }));
    expect(stats.salvaged).toBe(0);
    expect(metadataOptions(dir.file('plain.ndjson'))).toEqual({ field: 'output', idField: 'id', includeRaw: false });
    const stripped = EXPECTED.split('\n').map((line) => line.replace(/,"salvaged":\{"data":.*?,"states":\{[^}]*\}\}/, '')).join('\n');
    expect(results(dir.file('plain.ndjson'))).toBe(stripped);
    expect(stripped).not.toBe(EXPECTED);
  });

  it('reads the salvaged values back beside the failures', async () => {
    const records = await readRecords(dir.file('inline.ndjson'));
    const salvaged = records.filter((r) => r.salvaged !== undefined);
    expect(salvaged.map((r) => [r.id, r.result.success || r.result.failure])).toEqual([['r2', 'truncated'], ['r3', 'truncated'], ['r4', 'truncated']]);
    expect(salvaged[0]!.salvaged).toEqual({ data: { title: 'Fix login' }, states: { '(root)': 'incomplete', severity: 'missing', tags: 'missing' } });
    expect(Object.getPrototypeOf(salvaged[0]!.salvaged!.states)).toBe(null);
  });

  it('refuses to resume an output made with the other setting', async () => {
    // Aborted before its first chunk: the checkpoint is kept for a resume.
    const controller = new AbortController();
    controller.abort();
    await runBatch(options('switch.ndjson', { signal: controller.signal }));
    const error = await runBatch(options('switch.ndjson', { salvageTruncated: false, resume: true })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as BatchError).message).toContain('was made with --field output --id-field id --salvage-truncated');
    const resumed = await runBatch(options('switch.ndjson', { resume: true }));
    expect(resumed.complete).toBe(true);
    expect(results(dir.file('switch.ndjson'))).toBe(EXPECTED);
  });
});

describe('decodeBatchRecord and salvaged', () => {
  it('reads a line without the field as before', () => {
    expect(decodeBatchRecord('{"line":1,"id":"a","failure":"truncated","interventions":[]}').salvaged).toBeUndefined();
  });

  it('refuses a malformed salvaged field with a message', () => {
    expect(() => decodeBatchRecord('{"line":1,"id":"a","failure":"truncated","salvaged":{"data":{},"states":{"x":"done"}}}')).toThrow('"salvaged" gives path x the state "done"');
    expect(() => decodeBatchRecord('{"line":1,"id":"a","failure":"truncated","salvaged":[]}')).toThrow('"salvaged" is not an object');
  });
});
