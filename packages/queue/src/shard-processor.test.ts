/**
 * The worker's trust boundary, without Redis: jobs handed to the processor as
 * BullMQ would, over a real scratch tree. A job naming anything outside the
 * roots (directly, through `..`, or through a symlink), a contract module that
 * is not the submitted file, or malformed data is refused with its reason and
 * BullMQ's UnrecoverableError (no retry), and nothing is imported or written
 * outside the roots.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARD_JOB_NAME, shardFileName, type ShardJobData } from './shard-job.js';
import { printable, shardProcessor, type ShardEvent, type ShardJobHandle } from './shard-processor.js';
import { listTree, makeJobTree, type JobTree } from './test-support/job-tree.js';
import { resolveRoots } from './worker-roots.js';

let tree: JobTree;
let valid: { id: string; data: ShardJobData };
let outsideBefore: string[];
const events: ShardEvent[] = [];
let run: (job: ShardJobHandle) => Promise<unknown>;

function job(data: unknown, id: string = valid.id, name = SHARD_JOB_NAME): ShardJobHandle {
  return { name, id, data, attemptsStarted: 1, updateProgress: async () => {} } as ShardJobHandle;
}

/** Runs a job that must be refused; resolves to the reason BullMQ records. */
async function refusal(data: unknown, id?: string, name?: string): Promise<string> {
  const error = await run(job(data, id, name)).then(() => undefined, (caught: unknown) => caught);
  expect(error, 'the job must fail').toBeInstanceOf(UnrecoverableError);
  return (error as Error).message;
}

const edit = (change: (data: ShardJobData) => void): ShardJobData => {
  const data = structuredClone(valid.data);
  change(data);
  return data;
};

beforeAll(async () => {
  tree = makeJobTree();
  valid = await tree.validJob();
  outsideBefore = listTree(tree.outside);
  run = shardProcessor({ roots: await resolveRoots([tree.root]), place: { threads: 0 }, onEvent: (event) => events.push(event) });
});

afterAll(() => rmSync(tree.scratch, { recursive: true, force: true }));

describe('shardProcessor: the jobs a worker refuses', () => {
  it('refuses paths outside every root, directly or through ..', async () => {
    expect(await refusal(edit((d) => (d.input.path = join(tree.outside, 'secret.jsonl'))))).toMatch(/^refused: input .*outside\/secret\.jsonl is outside every root of this worker/);
    expect(await refusal(edit((d) => (d.input.path = join(tree.root, '..', 'outside', 'secret.jsonl'))))).toMatch(/input .* is outside every root/);
    expect(await refusal(edit((d) => (d.contract.module = join(tree.outside, 'evil.mjs'))))).toMatch(/contract module .*evil\.mjs is outside every root/);
    expect(await refusal(edit((d) => (d.shardDir = join(tree.outside, 'x.shards'))))).toMatch(/shard directory .*x\.shards is outside every root/);
    expect(await refusal(edit((d) => (d.input.path = '/etc/passwd')))).toMatch(/input \/etc\/passwd is outside every root/);
  });

  it('refuses symlinks inside a root that lead outside it', async () => {
    expect(await refusal(edit((d) => (d.contract.module = join(tree.root, 'link-to-evil.mjs'))))).toMatch(/contract module .*link-to-evil\.mjs \(it resolves to .*outside\/evil\.mjs\) is outside every root/);
    expect(await refusal(edit((d) => (d.input.path = join(tree.root, 'link-to-outside', 'secret.jsonl'))))).toMatch(/input .* \(it resolves to .*outside\/secret\.jsonl\) is outside/);
    expect(await refusal(edit((d) => (d.shardDir = join(tree.root, 'escape.shards'))))).toMatch(/shard directory .*escape\.shards \(it resolves to .*outside\/x\.shards\) is outside/);
    // Inside the root, but a link named *.shards must not lead workers into any other directory.
    expect(await refusal(edit((d) => (d.shardDir = join(tree.root, 'trap.shards'))))).toMatch(/trap\.shards resolves to .*important, whose name does not end in \.shards/);
  });

  it('refuses a contract module that is not the file the run was submitted with, before importing it', async () => {
    const trojan = join(tree.root, 'trojan.mjs');
    const reason = await refusal(edit((d) => (d.contract.module = trojan)));
    expect(reason).toMatch(/contract module .*trojan\.mjs is not the file the run was submitted with: its source fingerprint here is sha256:[0-9a-f]{64}, the job's is sha256:[0-9a-f]{64}; it was not loaded/);
    expect(existsSync(join(tree.markers, 'trojan'))).toBe(false);
  });

  it('refuses an input or a context that changed since the run was submitted', async () => {
    expect(await refusal(edit((d) => (d.input.fingerprint = `sha256:${'0'.repeat(64)}`)))).toMatch(/input .*runs\.jsonl has changed since the run was submitted/);
    writeFileSync(join(tree.root, 'out.ndjson.shards', 'context.json'), '{"ticket_id":"T-1"}\n');
    expect(await refusal(edit((d) => (d.context = { fingerprint: `sha256:${'0'.repeat(64)}` })))).toMatch(/context file .*context\.json has changed since the run was submitted/);
    writeFileSync(join(tree.root, 'out.ndjson.shards', 'context.json'), '{"ticket_id": oops SECRET}\n');
    const reason = await refusal(edit((d) => (d.context = { fingerprint: `sha256:${'0'.repeat(64)}` })));
    // The parser's message would quote the file: it is not sent back to the queue.
    expect(reason).toMatch(/context file .* is not valid JSON$/);
    rmSync(join(tree.root, 'out.ndjson.shards', 'context.json'));
  });

  it('refuses malformed job data, naming the field', async () => {
    expect(await refusal(null)).toMatch(/^refused: malformed job: job data: /);
    expect(await refusal('a string')).toMatch(/malformed job: job data/);
    expect(await refusal({ ...valid.data, extra: 1 })).toMatch(/malformed job: .*extra/);
    expect(await refusal(edit((d) => (d.input.path = 'runs.jsonl')))).toMatch(/malformed job: input\.path: must be an absolute path/);
    expect(await refusal(edit((d) => (d.shardDir = join(tree.root, 'important'))))).toMatch(/malformed job: shardDir: must end in \.shards/);
    expect(await refusal(edit((d) => (d.shard.end = -1)))).toMatch(/malformed job: shard\.end/);
    expect(await refusal(edit((d) => (d.shard.index = 1.5)))).toMatch(/malformed job: shard\.index/);
    expect(await refusal(edit((d) => (d.contract.digest = 'md5:x')))).toMatch(/malformed job: contract\.digest: must be sha256:<64 hex digits>/);
    expect(await refusal(edit((d) => (d.field = 'x'.repeat(5000))))).toMatch(/malformed job: field/);
    expect(await refusal(JSON.parse(JSON.stringify(valid.data).replace('{', '{"__proto__":{"polluted":true},')))).toMatch(/malformed job/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(await refusal({ ...valid.data, format: 2 })).toMatch(/the job has format 2, this worker reads format 1 \(submitter and worker run different Airlock versions\)/);
    expect(await refusal(valid.data, 'b'.repeat(20) + '-0')).toMatch(/malformed job: id b+-0 is not that of run a+, shard 0/);
    expect(await refusal(valid.data, valid.id, 'something-else')).toMatch(/not an Airlock shard job: something-else/);
  });

  it('imported nothing and wrote nothing outside the root, and reported every refusal as final', () => {
    expect(readdirSync(tree.markers)).toEqual([]);
    expect(listTree(tree.outside)).toEqual(outsideBefore);
    const failures = events.filter((event) => event.type === 'failed');
    expect(failures.length).toBeGreaterThan(20);
    expect(failures.every((event) => event.type === 'failed' && event.final)).toBe(true);
    expect(readdirSync(join(tree.root, 'out.ndjson.shards'))).toEqual([]);
  });
});

describe('shardProcessor: the job a worker runs', () => {
  it('runs a valid job and commits its shard output inside the root', async () => {
    const before = listTree(tree.outside);
    const result = await run(job(valid.data));
    expect(result).toEqual({ records: 3, bytes: valid.data.shard.end });
    const records = readFileSync(join(valid.data.shardDir, shardFileName(0, 'records')), 'utf8').trimEnd().split('\n');
    expect(records).toHaveLength(4);
    expect(readdirSync(valid.data.shardDir).sort()).toEqual([shardFileName(0, 'counts'), shardFileName(0, 'records')]);
    expect(listTree(tree.outside)).toEqual(before);
    expect(events.at(-1)).toEqual({ type: 'completed', jobId: valid.id, shard: 0, records: 3 });
  });

  it('fails a job whose input is missing on this machine without making the failure final', async () => {
    const error = await run(job(edit((d) => (d.input.path = join(tree.root, 'not-mounted', 'runs.jsonl'))))).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toMatch(/cannot find input .*not-mounted\/runs\.jsonl on this machine \(ENOENT\)/);
  });
});

describe('printable', () => {
  it('keeps queue text from rewriting a terminal line', () => {
    expect(printable('bad\u001b[2J\nkey\u202e')).toBe('bad?[2J?key?');
    expect(printable('x'.repeat(20), 5)).toBe('xxxxx…');
  });
});
