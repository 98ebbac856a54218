/**
 * Turns the user's Redis URL (`redis://[user:password@]host[:port][/db]`, or
 * `rediss://` for TLS) into BullMQ connection options, with one clear error
 * for anything else; and spells a URL for logs without its password.
 */
import type { ConnectionOptions } from 'bullmq';

/** Options of {@link redisConnection}. */
export interface RedisConnectionOptions {
  /** PEM certificate(s) of the authority that signed the server's certificate (`rediss://` only). */
  ca?: string | Buffer;
}

function badUrl(url: string): Error {
  return new Error(`not a Redis URL: "${redactRedisUrl(url)}" (expected redis://[user:password@]host:port or rediss://… for TLS)`);
}

/**
 * Parses a Redis URL (`redis://` or `rediss://`, optional user, password and db).
 *
 * @example
 * redisConnection('redis://127.0.0.1:6379/2'); // { host: '127.0.0.1', port: 6379, db: 2, maxRetriesPerRequest: null }
 * redisConnection('rediss://airlock:s3cret@queue.internal:6380', { ca: readFileSync('ca.pem') }); // … tls: { ca }
 */
export function redisConnection(url: string, options: RedisConnectionOptions = {}): ConnectionOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl(url);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw badUrl(url);
  if (options.ca !== undefined && parsed.protocol !== 'rediss:') throw new Error(`a CA certificate is for TLS: use a rediss:// URL, not "${redactRedisUrl(url)}"`);
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new Error(`bad Redis database in "${redactRedisUrl(url)}": ${parsed.pathname.slice(1)}`);
  const host = parsed.hostname === '' ? '127.0.0.1' : parsed.hostname.replace(/^\[|\]$/g, '');
  return {
    host,
    port,
    db,
    // BullMQ workers need blocking commands that never give up on their own.
    maxRetriesPerRequest: null,
    ...(parsed.username !== '' ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password !== '' ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: options.ca === undefined ? {} : { ca: options.ca } } : {}),
  };
}

/**
 * The URL with its password replaced by `***`, for logs and messages (the user name stays).
 *
 * @example
 * redactRedisUrl('rediss://airlock:s3cret@queue.internal:6380'); // 'rediss://airlock:***@queue.internal:6380'
 */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.href.replace(/\/$/, url.endsWith('/') ? '/' : '');
  } catch {
    // Not a URL: whatever follows a ':' before an '@' may be a password.
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}
