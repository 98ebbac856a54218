/**
 * Redis URLs as deployed: a password, an ACL user, TLS with a private CA;
 * and their spelling in logs, without the password.
 */
import { describe, expect, it } from 'vitest';
import { redactRedisUrl, redisConnection } from './redis-connection.js';

describe('redisConnection', () => {
  it('reads host, port, database, user and password', () => {
    expect(redisConnection('redis://127.0.0.1:6379/2')).toEqual({ host: '127.0.0.1', port: 6379, db: 2, maxRetriesPerRequest: null });
    expect(redisConnection('redis://airlock:p%40ss%3Aword@queue.internal')).toEqual({ host: 'queue.internal', port: 6379, db: 0, maxRetriesPerRequest: null, username: 'airlock', password: 'p@ss:word' });
    expect(redisConnection('redis://:s3cret@[::1]:6380')).toMatchObject({ host: '::1', port: 6380, password: 's3cret' });
  });

  it('turns on TLS for rediss://, with the CA given', () => {
    expect(redisConnection('rediss://queue.internal:6380')).toMatchObject({ tls: {} });
    expect(redisConnection('rediss://queue.internal:6380', { ca: 'PEM' })).toMatchObject({ tls: { ca: 'PEM' } });
  });

  it('refuses what it cannot use, without repeating the password', () => {
    expect(() => redisConnection('http://u:hunter2@host')).toThrow('not a Redis URL: "http://u:***@host" (expected redis://[user:password@]host:port or rediss://… for TLS)');
    expect(() => redisConnection('queue-host:6379')).toThrow(/not a Redis URL/);
    expect(() => redisConnection('redis://u:hunter2@host/x')).toThrow('bad Redis database in "redis://u:***@host/x": x');
    expect(() => redisConnection('redis://host', { ca: 'PEM' })).toThrow('a CA certificate is for TLS: use a rediss:// URL, not "redis://host"');
  });
});

describe('redactRedisUrl', () => {
  it('hides the password and nothing else', () => {
    expect(redactRedisUrl('rediss://airlock:s3cret@queue.internal:6380')).toBe('rediss://airlock:***@queue.internal:6380');
    expect(redactRedisUrl('redis://:s3cret@127.0.0.1:6379/1')).toBe('redis://:***@127.0.0.1:6379/1');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactRedisUrl('not a url:hunter2@x')).toBe('not a url:***@x');
  });
});
