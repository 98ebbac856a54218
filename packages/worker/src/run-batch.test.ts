import { existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { checkpointPath, readCheckpoint } from './checkpoint.js';
import { WORKER_URL } from './batch-pool.js';
import { runBatch } from './run-batch.js';
import { makeRunLog } from './test-support/make-run-log.js';
import { tempDir } from './test-support/temp-dir.js';
import type { RunBatchOptions } from './types.js';

const RECORDS = 600;
const dir = tempDir('run-batch');
const schemas = fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url));
const input = dir.file('log.jsonl');
const contract = { module: schemas, export: 'taskSchema' };
let reference = '';

function options(output: string, extra: Partial<RunBatchOptions> = {}): RunBatchOptions {
  return { input, output: dir.file(output), contract, threads: 0, ...extra };
}

async function batchError(run: Promise<unknown>): Promise<BatchError> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BatchError);
  expect((error as BatchError).message).not.toContain('\n');
  return error as BatchError;
}

beforeAll(async () => {
  expect(existsSync(WORKER_URL), 'the pool loads dist/worker-entry.cjs: build @airlock/worker first').toBe(true);
  writeFileSync(input, makeRunLog(RECORDS));
  await runBatch(options('reference.ndjson', { chunkSize: 64 }));
  reference = readFileSync(dir.file('reference.ndjson'), 'utf8');
  // A whole batch: on a loaded machine it takes longer than a unit test's default limit.
}, 60_000);
afterAll(() => dir.remove());

describe('runBatch output', () => {
  it('starts with a metadata line and has one result per record, in input order', () => {
    const [head, ...rest] = reference.trimEnd().split('\n');
    expect(JSON.parse(head!)).toEqual({
      airlock: {
        format: 2,
        version: '0.1.0',
        contract: { name: 'taskSchema', fingerprint: expect.any(String), module: schemas, export: 'taskSchema' },
        options: { field: 'output', idField: 'id', includeRaw: false },
        input: { files: [input], fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      },
    });
    expect(rest).toHaveLength(RECORDS);
    const lines = rest.map((l) => (JSON.parse(l) as { line: number }).line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(new Set(lines).size).toBe(RECORDS);
    expect(existsSync(checkpointPath(dir.file('reference.ndjson')))).toBe(false);
  });

  it('counts outcomes, failure classes, rules and agents', async () => {
    const stats = await runBatch(options('counted.ndjson', { statsJson: dir.file('stats.json') }));
    expect(stats).toMatchObject({ records: RECORDS, complete: true, resumedFrom: 0, threads: 0 });
    expect(stats.validUntouched).toBe(RECORDS / 5);
    expect(stats.failures.bad_record).toBe((RECORDS * 3) / 10);
    expect(stats.failures.empty_output).toBe(RECORDS / 10);
    expect(stats.validUntouched + stats.validRepaired + stats.failed).toBe(RECORDS);
    expect(Object.keys(stats.agents).sort()).toEqual(['(none)', 'coder', 'planner', 'reviewer']);
    expect(Object.values(stats.rules).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(dir.file('stats.json'), 'utf8'))).toMatchObject({ records: RECORDS, validUntouched: RECORDS / 5 });
  });

  it.each([
    { threads: 1, chunkSize: 256 },
    { threads: 2, chunkSize: 1 },
    { threads: 2, chunkSize: 37 },
    { threads: 0, chunkSize: 1000 },
  ])('is byte-identical with $threads threads and chunks of $chunkSize', async ({ threads, chunkSize }) => {
    const name = `t${threads}-c${chunkSize}.ndjson`;
    await runBatch(options(name, { threads, chunkSize }));
    expect(readFileSync(dir.file(name), 'utf8')).toBe(reference);
  });

  it('runs a log smaller than inlineBelowBytes inline whatever the threads, to the same output', async () => {
    const small = await runBatch(options('small-log.ndjson', { threads: 2, inlineBelowBytes: statSync(input).size + 1 }));
    expect(small.threads).toBe(0);
    expect(readFileSync(dir.file('small-log.ndjson'), 'utf8')).toBe(reference);
    const large = await runBatch(options('large-log.ndjson', { threads: 2, inlineBelowBytes: statSync(input).size }));
    expect(large.threads).toBe(2);
    expect(readFileSync(dir.file('large-log.ndjson'), 'utf8')).toBe(reference);
  });

  it('cuts the last chunks of a plain log smaller when threads share it, to the same output', async () => {
    // Records of about 4 KB: 256-line chunks would be 1 MB, three for the whole log.
    const padded = dir.file('padded.jsonl');
    writeFileSync(padded, makeRunLog(RECORDS).split('\n').filter((l) => l !== '').map((l) => `${l.slice(0, -1)},"pad":"${'p'.repeat(4000)}"}\n`).join(''));
    const chunks = async (threads: number): Promise<number> => {
      let commits = 0;
      await runBatch({ ...options(`padded-${threads}.ndjson`, { threads }), input: padded, onProgress: () => commits++ });
      return commits;
    };
    expect(await chunks(1)).toBe(3);
    const tapered = await chunks(2);
    expect(tapered).toBeGreaterThan(6);
    expect(readFileSync(dir.file('padded-2.ndjson'), 'utf8')).toBe(readFileSync(dir.file('padded-1.ndjson'), 'utf8'));
    // Of several inputs, only the last one's end is the run's end.
    let commits = 0;
    await runBatch({ ...options('padded-twice.ndjson', { threads: 2 }), input: [padded, padded], onProgress: () => commits++ });
    expect(commits).toBe(3 + tapered);
  });

  it('reads gzip input (detected from its bytes) to the same output', async () => {
    const gz = dir.file('log.data');
    writeFileSync(gz, gzipSync(readFileSync(input)));
    await runBatch({ ...options('gz.ndjson'), input: gz });
    // The metadata line names the input file and its fingerprint; the results are the same.
    const results = (text: string): string => text.slice(text.indexOf('\n') + 1);
    expect(results(readFileSync(dir.file('gz.ndjson'), 'utf8'))).toBe(results(reference));
  });
});

describe('runBatch resume', () => {
  it('continues an aborted run to a byte-identical output, discarding a torn tail', async () => {
    const output = dir.file('aborted.ndjson');
    const controller = new AbortController();
    const first = await runBatch(options('aborted.ndjson', {
      chunkSize: 50, threads: 1,
      onProgress: (p) => { if (p.records >= 150) controller.abort(); },
      signal: controller.signal,
    }));
    expect(first.complete).toBe(false);
    const checkpoint = await readCheckpoint(checkpointPath(output));
    expect(checkpoint?.records).toBe(first.records);
    expect(first.records).toBeGreaterThanOrEqual(150);
    expect(first.records).toBeLessThan(RECORDS);
    expect(statSync(output).size).toBe(checkpoint?.outputBytes);
    // What a crash between a write and its checkpoint leaves behind.
    appendFileSync(output, '{"line": 99999, "id": "torn');
    await batchError(runBatch(options('aborted.ndjson')));
    const second = await runBatch(options('aborted.ndjson', { resume: true, chunkSize: 9, threads: 2 }));
    expect(second).toMatchObject({ complete: true, resumedFrom: first.records, records: RECORDS });
    expect(second.validUntouched).toBe(RECORDS / 5);
    expect(readFileSync(output, 'utf8')).toBe(reference);
    expect(existsSync(checkpointPath(output))).toBe(false);
  });

  it('refuses to resume with another contract unless forced, and refuses a finished output', async () => {
    const controller = new AbortController();
    controller.abort();
    await runBatch(options('other.ndjson', { signal: controller.signal }));
    const refused = await batchError(runBatch(options('other.ndjson', { resume: true, contract: { module: schemas, export: 'titleOnly' } })));
    expect(refused.kind).toBe('refused');
    expect(refused.message).toMatch(/contract taskSchema .* not titleOnly/);
    await runBatch(options('other.ndjson', { resume: true, force: true }));
    expect(readFileSync(dir.file('other.ndjson'), 'utf8')).toBe(reference);
    expect((await batchError(runBatch(options('other.ndjson', { resume: true })))).message).toMatch(/no checkpoint to resume from/);
    expect((await batchError(runBatch(options('other.ndjson')))).message).toMatch(/already exists; pass --resume .* or --force/);
  });
});

describe('runBatch errors', () => {
  it('reports a missing module, a missing export and a non-schema export in one line', async () => {
    expect((await batchError(runBatch(options('e.ndjson', { contract: { module: './nope.ts', export: 'x' } })))).message).toMatch(/^contract module not found: \.\/nope\.ts/);
    const missing = await batchError(runBatch(options('e.ndjson', { contract: { module: schemas, export: 'nope' } })));
    expect(missing.message).toMatch(/has no export "nope" \(it exports .*taskSchema/);
    expect((await batchError(runBatch(options('e.ndjson', { contract: { module: schemas, export: 'notASchema' } })))).message).toMatch(/is not a Zod schema/);
    expect(existsSync(dir.file('e.ndjson'))).toBe(false);
  });

  it('reports a contract module that does not compile or throws', async () => {
    writeFileSync(dir.file('broken.ts'), 'export const schema = ;\n');
    writeFileSync(dir.file('throws.mjs'), 'throw new Error("boom at import");\n');
    const broken = await batchError(runBatch(options('e.ndjson', { contract: { module: dir.file('broken.ts'), export: 'schema' } })));
    expect(broken.message).toMatch(/^cannot load contract module .*broken\.ts: /);
    const throws = await batchError(runBatch(options('e.ndjson', { contract: { module: dir.file('throws.mjs'), export: 'schema' } })));
    expect(throws.message).toMatch(/boom at import/);
  });

  it('reports an unreadable input and leaves an existing output alone', async () => {
    writeFileSync(dir.file('keep.ndjson'), 'precious\n');
    const missing = await batchError(runBatch({ ...options('keep.ndjson', { force: true }), input: dir.file('missing.jsonl') }));
    expect(missing.message).toBe(`cannot read input ${dir.file('missing.jsonl')}: no such file or directory`);
    mkdirSync(dir.file('a-directory'));
    expect((await batchError(runBatch({ ...options('keep.ndjson', { force: true }), input: dir.file('a-directory') }))).message).toMatch(/is a directory/);
    expect(readFileSync(dir.file('keep.ndjson'), 'utf8')).toBe('precious\n');
  });

  it('reports an output path it cannot write', async () => {
    // Root ignores permission bits, but not sysfs; others get a read-only directory.
    const output = process.getuid?.() === 0 ? '/sys/airlock-test-output.ndjson' : dir.file('ro/out.ndjson');
    if (process.getuid?.() !== 0) {
      mkdirSync(dir.file('ro'), { mode: 0o555 });
    }
    const error = await batchError(runBatch({ ...options('x'), output }));
    expect(error.kind).toBe('output');
    expect(error.message).toMatch(/^cannot write output .*: permission denied/);
  });

  it('rejects bad numeric options', async () => {
    expect((await batchError(runBatch(options('n.ndjson', { chunkSize: 0 })))).message).toMatch(/chunk size must be an integer/);
    expect((await batchError(runBatch(options('n.ndjson', { threads: 1.5 })))).message).toMatch(/threads must be an integer/);
  });
});
