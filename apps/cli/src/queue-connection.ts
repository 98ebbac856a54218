/**
 * Where the queue commands find Redis: `--queue <url>`, or the URL in
 * AIRLOCK_REDIS_URL (`--queue env`, or no `--queue` for `airlock worker` and
 * `airlock queue`), so a password never shows in the process list; and
 * `--queue-ca <file>` for a `rediss://` server whose certificate a private
 * authority signed. The server is checked once before the command starts.
 */
import type { RedisInfo, redisConnection } from '@airlock/queue';
import { readTextFile } from './read-text-input.js';
import { UsageError } from './usage-error.js';

type ConnectionOptions = ReturnType<typeof redisConnection>;

/** The environment variable holding the Redis URL. */
export const REDIS_URL_ENV = 'AIRLOCK_REDIS_URL';

/** A Redis to talk to, checked, and how to name it in logs (without its password). */
export interface QueueTarget {
  connection: ConnectionOptions;
  display: string;
  /** What the server said about itself (see `checkRedis`). */
  info: RedisInfo;
}

/** How a command was told where Redis is. */
export interface QueueFlags {
  /** `--queue`: a URL, `env`, or undefined (then AIRLOCK_REDIS_URL, when the command allows it). */
  queue: string | undefined;
  /** `--queue-ca`: a PEM file. */
  ca: string | undefined;
}

/** The Redis URL the flags name; a usage error when there is none. */
export function redisUrlOf(flags: QueueFlags, env: NodeJS.ProcessEnv = process.env): string {
  if (flags.queue !== undefined && flags.queue !== 'env') return flags.queue;
  const url = env[REDIS_URL_ENV];
  if (url !== undefined && url !== '') return url;
  throw new UsageError(flags.queue === 'env' ? `--queue env reads the Redis URL from ${REDIS_URL_ENV}, which is not set` : `needs --queue redis://host:port, or the URL in ${REDIS_URL_ENV}`);
}

/**
 * Resolves the flags to a connection and checks the server once: a bad URL or CA file is a
 * usage error (exit 2), a server that cannot be used a one-line error (exit 1).
 *
 * @example
 * const { connection, display } = await queueTarget({ queue: values.queue, ca: values['queue-ca'] });
 */
export async function queueTarget(flags: QueueFlags, env: NodeJS.ProcessEnv = process.env): Promise<QueueTarget> {
  // Loaded here, not at start-up: BullMQ and ioredis cost every other command ~70 ms to import.
  const { checkRedis, redactRedisUrl, redisConnection } = await import('@airlock/queue');
  const url = redisUrlOf(flags, env);
  const ca = flags.ca === undefined ? undefined : await readTextFile(flags.ca, `CA file ${flags.ca}`);
  let connection: ConnectionOptions;
  try {
    connection = redisConnection(url, ca === undefined ? {} : { ca });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const display = redactRedisUrl(url);
  return { connection, display, info: await checkRedis(connection, display) };
}

/**
 * One line on what the server offers against what the deployment guide asks (persistence on,
 * eviction off), for a worker's start-up log and `airlock queue status`.
 *
 * @example
 * describeRedis(info); // 'Redis 7.0.15, persistence aof, eviction noeviction'
 */
export function describeRedis(info: QueueTarget['info']): string {
  const persistence = [info.persistence.aof ? 'aof' : '', info.persistence.rdb === true ? 'rdb' : ''].filter(Boolean).join('+') || (info.persistence.rdb === undefined ? 'aof off, rdb unknown' : 'OFF (a restart loses the queue)');
  const eviction = info.evictionPolicy === undefined ? 'unknown' : info.evictionPolicy === 'noeviction' ? 'noeviction' : `${info.evictionPolicy} (may drop queued jobs: set noeviction)`;
  return `Redis ${info.version}, persistence ${persistence}, eviction ${eviction}`;
}
