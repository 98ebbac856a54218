/**
 * @airlock/queue: an Airlock batch spread over many machines with BullMQ on
 * Redis. The submitter shards a run log and merges the shard outputs into the
 * same file a local run writes; workers process shards with the local pool.
 *
 * @example
 * import { redisConnection, serveShards, submitBatch } from '@airlock/queue';
 * const connection = redisConnection('redis://127.0.0.1:6379');
 * // on each machine:
 * await serveShards({ connection, threads: 2 });
 * // on the submitting machine:
 * const stats = await submitBatch({ input: '/shared/runs.jsonl', output: '/shared/out.ndjson', contract: { module: '/shared/contract.js', export: 'review' }, connection });
 */
export { planShards, isGzipFile, DEFAULT_SHARD_BYTES, type Shard } from './plan-shards.js';
export { redisConnection } from './redis-connection.js';
export { submitBatch, ShardsFailedError, type SubmitBatchOptions, type QueuedBatchStats, type QueueProgress, type FailedShard } from './submit-batch.js';
export { serveShards, type ServeShardsOptions, type ShardEvent } from './serve-shards.js';
export { processShard, type ProcessShardOptions } from './process-shard.js';
export { mergeShards, type MergeShardsOptions } from './merge-shards.js';
export { DEFAULT_QUEUE_NAME, SHARD_JOB_NAME, type ShardJobData, type ShardJobResult, type ShardJobProgress } from './shard-job.js';
