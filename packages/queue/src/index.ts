/**
 * @airlock/queue: an Airlock batch spread over many machines with BullMQ on
 * Redis. The submitter shards a run log and merges the shard outputs into the
 * same file a local run writes; workers process shards with the local pool,
 * and only jobs whose every path lies under one of their roots.
 *
 * @example
 * import { redisConnection, serveShards, submitBatch } from '@airlock/queue';
 * const connection = redisConnection(process.env.AIRLOCK_REDIS_URL!);
 * // on each machine:
 * await serveShards({ connection, roots: ['/shared'], threads: 2 });
 * // on the submitting machine:
 * const stats = await submitBatch({ input: '/shared/runs.jsonl', output: '/shared/out.ndjson', contract: { module: '/shared/contract.js', export: 'review' }, connection });
 *
 * @module @airlock/queue
 */
export { planShards, isGzipFile, DEFAULT_SHARD_BYTES, type Shard } from './plan-shards.js';
export { redisConnection, redactRedisUrl, type RedisConnectionOptions } from './redis-connection.js';
export { checkRedis, RedisUnavailableError, type RedisInfo } from './check-redis.js';
export { submitBatch, ShardsFailedError, type SubmitBatchOptions, type QueuedBatchStats, type QueueProgress, type FailedShard } from './submit-batch.js';
export { serveShards, type ServeShardsOptions, type ShardEvent } from './serve-shards.js';
export { processShard, type ProcessShardOptions } from './process-shard.js';
export { admitShardJob, type AdmittedShardJob } from './admit-shard-job.js';
export { parseShardJob, JobRefusedError } from './shard-job-schema.js';
export { resolveRoots, confineToRoots, type WorkerRoots } from './worker-roots.js';
export { mergeShards, type MergeShardsOptions } from './merge-shards.js';
export { queueStatus, type QueueStatus, type QueueStatusOptions, type RunStatus, type WorkerStatus, type RunningShard, type FailedShardStatus } from './queue-status.js';
export { DEFAULT_QUEUE_NAME, SHARD_JOB_NAME, SHARD_JOB_FORMAT, type ShardJobData, type ShardJobResult, type ShardJobProgress } from './shard-job.js';
