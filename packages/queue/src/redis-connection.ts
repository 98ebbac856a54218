/**
 * Turns the user's `--queue redis://host:port[/db]` into BullMQ connection
 * options, with one clear error for anything else.
 */
import type { ConnectionOptions } from 'bullmq';

/**
 * Parses a Redis URL (`redis://` or `rediss://`, optional user, password and db).
 *
 * @example
 * redisConnection('redis://127.0.0.1:6379/2'); // { host: '127.0.0.1', port: 6379, db: 2, maxRetriesPerRequest: null }
 */
export function redisConnection(url: string): ConnectionOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not a Redis URL: "${url}" (expected redis://host:port)`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`not a Redis URL: "${url}" (expected redis://host:port)`);
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new Error(`bad Redis database in "${url}": ${parsed.pathname.slice(1)}`);
  return {
    host: parsed.hostname === '' ? '127.0.0.1' : parsed.hostname.replace(/^\[|\]$/g, ''),
    port,
    db,
    // BullMQ workers need blocking commands that never give up on their own.
    maxRetriesPerRequest: null,
    ...(parsed.username !== '' ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password !== '' ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
