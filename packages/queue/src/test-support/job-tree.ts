/**
 * A scratch tree for the worker's trust boundary: a root holding a run log, a
 * contract and a shard directory, and beside it a directory outside every root
 * holding a secret log and a module that leaves a marker file when imported,
 * with symlinks from inside the root to the outside. `validJob` is a job the
 * worker must run; the tests bend it into hostile ones.
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprintInputs, loadContract } from '@airlock/worker';
import { fileDigest } from '../file-digest.js';
import { SHARD_JOB_FORMAT, shardJobId, type ShardJobData } from '../shard-job.js';

/** The tree's paths. */
export interface JobTree {
  scratch: string;
  root: string;
  outside: string;
  /** Where a module imported by mistake writes its marker. */
  markers: string;
  validJob(): Promise<{ id: string; data: ShardJobData }>;
}

const LOG = ['{"id":1,"output":"{\\"title\\":\\"a\\"}"}', '{"id":2,"output":"Sure: {\\"title\\":\\"b\\"}"}', '{"id":3,"output":"nope"}'].join('\n') + '\n';

/** A contract module; with a marker, importing it leaves that file behind. */
function contractSource(marker: string | undefined): string {
  const zod = import.meta.resolve('zod');
  const mark = marker === undefined ? '' : `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\n`;
  return `${mark}import { z } from ${JSON.stringify(zod)};\nexport const task = z.object({ title: z.string() });\n`;
}

/**
 * Makes the tree in a fresh temporary directory.
 *
 * @example
 * const tree = makeJobTree();
 * const { id, data } = await tree.validJob();
 */
export function makeJobTree(): JobTree {
  const scratch = mkdtempSync(join(tmpdir(), 'airlock-job-tree-'));
  const root = join(scratch, 'root');
  const outside = join(scratch, 'outside');
  const markers = join(scratch, 'markers');
  for (const dir of [root, outside, markers, join(root, 'out.ndjson.shards'), join(root, 'important'), join(outside, 'x.shards')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, 'runs.jsonl'), LOG);
  writeFileSync(join(outside, 'secret.jsonl'), LOG);
  writeFileSync(join(root, 'contract.mjs'), contractSource(undefined));
  writeFileSync(join(root, 'trojan.mjs'), contractSource(join(markers, 'trojan')));
  writeFileSync(join(outside, 'evil.mjs'), contractSource(join(markers, 'evil')));
  symlinkSync(join(outside, 'evil.mjs'), join(root, 'link-to-evil.mjs'));
  symlinkSync(outside, join(root, 'link-to-outside'));
  symlinkSync(join(root, 'important'), join(root, 'trap.shards'));
  symlinkSync(join(outside, 'x.shards'), join(root, 'escape.shards'));
  return {
    scratch,
    root,
    outside,
    markers,
    async validJob() {
      const input = join(root, 'runs.jsonl');
      const module = join(root, 'contract.mjs');
      const contract = await loadContract({ module, export: 'task' });
      const runId = 'a'.repeat(20);
      const data: ShardJobData = {
        format: SHARD_JOB_FORMAT,
        runId,
        shard: { index: 0, start: 0, end: Buffer.byteLength(LOG), firstLine: 1 },
        input: { path: input, fingerprint: (await fingerprintInputs([input]))! },
        shardDir: join(root, 'out.ndjson.shards'),
        contract: { module, export: 'task', digest: await fileDigest(module), fingerprint: contract.fingerprint },
        field: 'output',
        idField: 'id',
        includeRaw: false,
      };
      return { id: shardJobId(runId, 0), data };
    },
  };
}

/**
 * Every file under `dir` with its size and modification time, symlinks not followed: two
 * listings are equal when nothing was written there.
 *
 * @example
 * const before = listTree(tree.outside); … expect(listTree(tree.outside)).toEqual(before);
 */
export function listTree(dir: string): string[] {
  const entries: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const stats = statSync(path, { throwIfNoEntry: false });
    entries.push(`${path} ${entry.isSymbolicLink() ? 'link' : `${stats?.size}:${stats?.mtimeMs}`}`);
  }
  return entries.sort();
}
