/**
 * One round trip to Redis before a worker, a submitter or a status report
 * starts: a wrong password, an untrusted certificate or an unreachable host
 * becomes one clear error at once, instead of a client that retries forever
 * (BullMQ's connections never give up, so a Redis restart does not end a run).
 */
import type { ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { BatchError } from '@airlock/worker';

/** What a reachable Redis says about itself: what the deployment guide asks of it. */
export interface RedisInfo {
  version: string;
  /** `maxmemory-policy`; anything but `noeviction` may drop queued jobs. Undefined when CONFIG is not allowed. */
  evictionPolicy: string | undefined;
  /** Append-only file on; RDB snapshots configured (undefined when CONFIG is not allowed). */
  persistence: { aof: boolean; rdb: boolean | undefined };
}

/**
 * A Redis that cannot be used, said in one line (a `worker` failure: the CLI exits 1).
 *
 * @example
 * new RedisUnavailableError('cannot use Redis at redis://queue:6379: connection refused');
 */
export class RedisUnavailableError extends BatchError {
  constructor(message: string) {
    super('worker', message);
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (/WRONGPASS|invalid username-password/i.test(message)) return 'it refused the user name or password';
  if (/NOAUTH|Authentication required/i.test(message)) return 'it requires a password (redis://user:password@host, best given through AIRLOCK_REDIS_URL)';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS/.test(code)) return `TLS: ${message} (give the certificate authority with --queue-ca)`;
  return message.split('\n', 1)[0] ?? 'error';
}

function field(info: string, name: string): string | undefined {
  return new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
}

/**
 * Connects once (no retries), checks the credentials and reads what the deployment guide asks
 * of the server; throws {@link RedisUnavailableError} with the reason.
 *
 * @example
 * const info = await checkRedis(redisConnection(url), 'redis://queue:6379');
 * if (info.evictionPolicy !== 'noeviction') console.warn('Redis may evict queued jobs');
 */
export async function checkRedis(connection: ConnectionOptions, display: string, options: { timeoutMs?: number } = {}): Promise<RedisInfo> {
  const once: RedisOptions = {
    ...(connection as RedisOptions),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectTimeout: options.timeoutMs ?? 10_000,
    // The default (2 s) keeps a failed check's process alive that long after its error.
    disconnectTimeout: 100,
  };
  // ioredis 6's overloads do not accept its own options type under exactOptionalPropertyTypes.
  const client = new Redis(once as RedisOptions & { replyMapping?: 'legacy' });
  let lastError: unknown;
  client.on('error', (error: unknown) => (lastError = error));
  // CONFIG may be refused (managed services rename or forbid it): then the setting is unknown.
  const config = (name: string): Promise<string | undefined> => (client.config('GET', name) as Promise<string[]>).then((reply) => reply[1], () => undefined);
  try {
    await client.connect();
    const server = await client.info('server');
    const persistence = await client.info('persistence');
    const save = await config('save');
    return {
      version: field(server, 'redis_version') ?? 'unknown',
      evictionPolicy: await config('maxmemory-policy'),
      persistence: { aof: field(persistence, 'aof_enabled') === '1', rdb: save === undefined ? undefined : save !== '' },
    };
  } catch (error) {
    throw new RedisUnavailableError(`cannot use Redis at ${display}: ${describe(lastError ?? error)}`);
  } finally {
    client.disconnect();
  }
}
