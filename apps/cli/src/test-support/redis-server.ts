/**
 * A real redis-server for the queue tests, on 127.0.0.1 and a free port,
 * without persistence. Installs the Debian package when it is missing and we
 * are root (CI is); elsewhere a missing server skips the tests with a message.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A started server; `stop` ends it. */
export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure `redis-server` exists, installing it with apt-get as root.
 * Returns why it is unavailable, or undefined when it is there.
 */
export function ensureRedisServer(): string | undefined {
  if (hasRedisServer()) return undefined;
  if (process.getuid?.() !== 0) return 'redis-server is not installed and this is not root (apt-get install -y redis-server)';
  try {
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server'], { stdio: 'ignore', timeout: 300_000 });
  } catch (error) {
    return `apt-get install redis-server failed: ${(error as Error).message.split('\n', 1)[0]}`;
  }
  return hasRedisServer() ? undefined : 'redis-server is still missing after apt-get install';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts redis-server on a free loopback port and waits until it accepts connections.
 *
 * @example
 * const redis = await startRedisServer();
 * // … airlock batch --queue redis.url …
 * await redis.stop();
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${log.slice(-500)}`)), 20_000);
    child.stdout?.setEncoding('utf8').on('data', (data: string) => {
      log += data;
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${log.slice(-500)}`));
    });
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
