/**
 * The worker's trust boundary: a shard job is admitted only when its data
 * matches the schema, every path it names resolves (symlinks followed) under a
 * root of this worker, and the files there are the ones the submitter saw: the
 * contract module's sha256 (checked before it is imported), the input's
 * fingerprint and the context's. A refusal is a {@link JobRefusedError}: the
 * same job is refused the same way on every worker, so it is never retried.
 */
import { open, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fingerprintContext, fingerprintInputs, type ContractRef } from '@airlock/worker';
import { fileDigest } from './file-digest.js';
import { CONTEXT_FILE_NAME, SHARD_DIR_SUFFIX, type ShardJobData } from './shard-job.js';
import { JobRefusedError, parseShardJob } from './shard-job-schema.js';
import { confineToRoots, type WorkerRoots } from './worker-roots.js';

/** A job a worker may run: its checked data, and the real paths to use in place of the ones it names. */
export interface AdmittedShardJob {
  data: ShardJobData;
  input: string;
  shardDir: string;
  contract: ContractRef;
  context?: Record<string, unknown>;
}

/** Module files a contract can be: what the batch runner can import. */
const CONTRACT_FILE = /\.(?:[cm]?[jt]s|tsx)$/;

/** A context file is read whole; larger than this is not a context a run would carry. */
const MAX_CONTEXT_BYTES = 64 * 1024 * 1024;

/** Input fingerprints by file identity: a worker reads the 2 MiB of a fingerprint once per input, not once per shard. */
export type FingerprintCache = Map<string, string>;

async function fingerprintOf(path: string, cache: FingerprintCache | undefined): Promise<string | null> {
  const stats = await stat(path);
  const key = `${path}\0${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  const known = cache?.get(key);
  if (known !== undefined) return known;
  const fingerprint = await fingerprintInputs([path]);
  if (cache !== undefined && fingerprint !== null) {
    if (cache.size >= 64) cache.delete(cache.keys().next().value!);
    cache.set(key, fingerprint);
  }
  return fingerprint;
}

async function requireKind(path: string, named: string, what: string, kind: 'file' | 'directory'): Promise<void> {
  const stats = await stat(path);
  if (kind === 'file' ? !stats.isFile() : !stats.isDirectory()) throw new JobRefusedError(`${what} ${named} is not a ${kind}`);
}

async function readContext(shardDir: string, roots: WorkerRoots, fingerprint: string): Promise<Record<string, unknown>> {
  const file = await confineToRoots(join(shardDir, CONTEXT_FILE_NAME), roots, 'context file');
  const handle = await open(file, 'r');
  let text: string;
  try {
    const { size } = await handle.stat();
    if (size > MAX_CONTEXT_BYTES) throw new JobRefusedError(`context file ${file} is larger than ${MAX_CONTEXT_BYTES} bytes`);
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the text: it is not sent back to the queue.
    throw new JobRefusedError(`context file ${file} is not valid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JobRefusedError(`context file ${file} does not hold a JSON object`);
  const context = value as Record<string, unknown>;
  if (fingerprintContext(context) !== fingerprint) throw new JobRefusedError(`context file ${file} has changed since the run was submitted (its fingerprint differs from the job's)`);
  return context;
}

/**
 * Checks a job against this worker's roots and the files on disk, importing nothing and
 * writing nothing. Throws {@link JobRefusedError} for a job no worker should run, and a plain
 * Error for a file that cannot be found here (retried, possibly on another machine).
 *
 * @example
 * const admitted = await admitShardJob(job.data, job.id, roots);
 * await processShard(admitted, { attemptTag, threads: 0 });
 */
export async function admitShardJob(raw: unknown, jobId: string | undefined, roots: WorkerRoots, cache?: FingerprintCache): Promise<AdmittedShardJob> {
  const data = parseShardJob(raw, jobId);
  // Every path is placed first; only then is anything read.
  const input = await confineToRoots(data.input.path, roots, 'input');
  const shardDir = await confineToRoots(data.shardDir, roots, 'shard directory');
  const module = await confineToRoots(data.contract.module, roots, 'contract module');
  await requireKind(input, data.input.path, 'input', 'file');
  // Checked on the real name too: a link called x.shards must not lead workers into any other directory.
  if (!basename(shardDir).endsWith(SHARD_DIR_SUFFIX)) throw new JobRefusedError(`shard directory ${data.shardDir} resolves to ${shardDir}, whose name does not end in ${SHARD_DIR_SUFFIX}`);
  await requireKind(shardDir, data.shardDir, 'shard directory', 'directory');
  if (!CONTRACT_FILE.test(module)) throw new JobRefusedError(`contract module ${data.contract.module} is not a .js, .mjs, .cjs, .ts, .mts, .cts or .tsx file`);
  await requireKind(module, data.contract.module, 'contract module', 'file');
  const digest = await fileDigest(module);
  if (digest !== data.contract.digest) {
    throw new JobRefusedError(`contract module ${data.contract.module} is not the file the run was submitted with: its source fingerprint here is ${digest}, the job's is ${data.contract.digest}; it was not loaded`);
  }
  const fingerprint = await fingerprintOf(input, cache);
  if (fingerprint !== data.input.fingerprint) throw new JobRefusedError(`input ${data.input.path} has changed since the run was submitted (its fingerprint here is ${fingerprint}, the job's is ${data.input.fingerprint})`);
  const context = data.context === undefined ? undefined : await readContext(shardDir, roots, data.context.fingerprint);
  return { data, input, shardDir, contract: { module, export: data.contract.export }, ...(context === undefined ? {} : { context }) };
}
