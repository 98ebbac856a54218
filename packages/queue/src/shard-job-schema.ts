/**
 * The schema a shard job's data must match before a worker uses any of it.
 * Anyone who can write to the Redis instance can put any JSON on the queue:
 * the schema is strict (no unknown keys), every path absolute and bounded,
 * every number an integer in range, every fingerprint in its exact form.
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { SHARD_JOB_FORMAT, SHARD_DIR_SUFFIX, shardJobId, type ShardJobData } from './shard-job.js';

const MAX_PATH = 4096;
const MAX_NAME = 256;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const SHA256_TAGGED = /^sha256:[0-9a-f]{64}$/;

const absolutePath = z
  .string()
  .min(1)
  .max(MAX_PATH)
  .refine((path) => isAbsolute(path) && !path.includes('\0'), 'must be an absolute path');

const offset = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

const shardSchema = z
  .strictObject({ index: z.int().min(0).max(2 ** 31 - 1), start: offset, end: offset, firstLine: z.int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .refine((shard) => shard.end >= shard.start, 'the shard ends before it starts');

const shardJobSchema = z.strictObject({
  format: z.literal(SHARD_JOB_FORMAT),
  runId: z.string().regex(/^[0-9a-f]{20}$/, 'must be 20 hex digits'),
  shard: shardSchema,
  input: z.strictObject({ path: absolutePath, fingerprint: z.string().regex(SHA256_TAGGED, 'must be sha256:<64 hex digits>') }),
  shardDir: absolutePath.refine((path) => path.endsWith(SHARD_DIR_SUFFIX), `must end in ${SHARD_DIR_SUFFIX}`),
  contract: z.strictObject({
    module: absolutePath,
    export: z.string().min(1).max(MAX_NAME),
    digest: z.string().regex(SHA256_TAGGED, 'must be sha256:<64 hex digits>'),
    fingerprint: z.string().regex(SHA256_HEX, 'must be 64 hex digits'),
  }),
  context: z.strictObject({ fingerprint: z.string().regex(SHA256_TAGGED, 'must be sha256:<64 hex digits>') }).optional(),
  field: z.string().min(1).max(MAX_PATH),
  idField: z.string().min(1).max(MAX_PATH),
  includeRaw: z.boolean(),
  // Optional: jobs of submitters from before the option read as without it.
  salvageTruncated: z.boolean().optional(),
});

/**
 * Why a job was refused; the worker fails it at once, without retries.
 *
 * @example
 * try { parseShardJob(job.data, job.id); } catch (error) { if (error instanceof JobRefusedError) throw new UnrecoverableError(error.message); }
 */
export class JobRefusedError extends Error {
  override readonly name = 'JobRefusedError';
}

function formatOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && Object.prototype.hasOwnProperty.call(data, 'format') ? (data as { format: unknown }).format : undefined;
}

/**
 * Checks a job's data (and that its id is the one its run and shard give); throws a
 * {@link JobRefusedError} naming the first offending field.
 *
 * @example
 * const data = parseShardJob(job.data, job.id); // typed ShardJobData, or JobRefusedError('malformed job: shard.end: …')
 */
export function parseShardJob(data: unknown, jobId: string | undefined): ShardJobData {
  const format = formatOf(data);
  if (format !== undefined && format !== SHARD_JOB_FORMAT) {
    throw new JobRefusedError(`the job has format ${JSON.stringify(format).slice(0, 40)}, this worker reads format ${SHARD_JOB_FORMAT} (submitter and worker run different Airlock versions)`);
  }
  const parsed = shardJobSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'job data' : issue.path.map(String).join('.');
    throw new JobRefusedError(`malformed job: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  const job = parsed.data as ShardJobData;
  if (jobId !== shardJobId(job.runId, job.shard.index)) throw new JobRefusedError(`malformed job: id ${String(jobId).slice(0, 80)} is not that of run ${job.runId}, shard ${job.shard.index}`);
  return job;
}
