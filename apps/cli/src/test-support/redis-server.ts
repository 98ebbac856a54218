/**
 * A real redis-server for the queue tests, on 127.0.0.1 and a free port:
 * plain, with a password (an ACL user), with TLS (certificates made with
 * openssl), or with persistence in a directory so a test can kill it and start
 * it again on the same data. Installs the Debian package when it is missing and
 * we are root (CI is); elsewhere a missing server skips the tests with a message.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** How to start the server. */
export interface RedisServerOptions {
  /** An ACL user the URL logs in as, with {@link WORKER_ACL} (the default user is then disabled). */
  user?: { name: string; password: string };
  /** `requirepass`: the default user's password (the URL then has no user name). */
  password?: string;
  /** Serve TLS only, with the certificates of {@link makeTlsCertificates}. */
  tls?: TlsFiles;
  /** Append-only file and snapshots in this directory, as the deployment guide recommends. */
  persistDir?: string;
}

/** A started server. */
export interface RedisServer {
  port: number;
  /** The URL a client uses, credentials included. */
  url: string;
  /** Ends it cleanly (SIGTERM). */
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL): what a crash or an OOM kill does. */
  kill(): Promise<void>;
  /** Starts it again on the same port, options and data. */
  restart(): Promise<void>;
}

/** Certificate files for a TLS server on 127.0.0.1. */
export interface TlsFiles {
  ca: string;
  cert: string;
  key: string;
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

/**
 * The queue tests need a real server: on CI (CI set) a missing one fails the file; elsewhere it
 * is skipped with a loud message. Returns true when the tests can run.
 *
 * @example
 * const available = requireRedisServer();
 * describe.skipIf(!available)('…', () => { … });
 */
export function requireRedisServer(): boolean {
  const unavailable = ensureRedisServer();
  if (unavailable === undefined) return true;
  if (process.env['CI'] !== undefined) throw new Error(`the queue tests must run on CI: ${unavailable}`);
  console.warn(`\n!!! SKIPPING the BullMQ/Redis tests: ${unavailable}\n`);
  return false;
}

/**
 * A certificate authority and a server certificate for 127.0.0.1, made with openssl in `dir`.
 * Returns why they cannot be made (no openssl), or the files.
 */
export function makeTlsCertificates(dir: string): TlsFiles | string {
  mkdirSync(dir, { recursive: true });
  const files = { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
  const caKey = join(dir, 'ca.key');
  const csr = join(dir, 'server.csr');
  const ext = join(dir, 'server.ext');
  try {
    const openssl = (args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore', timeout: 30_000 });
    openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', caKey, '-out', files.ca, '-days', '2', '-subj', '/CN=airlock test CA']);
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', files.key, '-out', csr, '-subj', '/CN=127.0.0.1']);
    execFileSync('bash', ['-c', `printf 'subjectAltName=IP:127.0.0.1\\n' > '${ext}'`]);
    openssl(['x509', '-req', '-in', csr, '-CA', files.ca, '-CAkey', caKey, '-CAcreateserial', '-out', files.cert, '-days', '2', '-extfile', ext]);
  } catch (error) {
    return `cannot make TLS certificates with openssl: ${(error as Error).message.split('\n', 1)[0]}`;
  }
  return files;
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
 * The rights docs/deployment.md gives the Airlock user: BullMQ's keys only, no dangerous
 * command but the few it and `airlock queue status` read (INFO, CLIENT LIST/SETNAME, CONFIG GET).
 */
export const WORKER_ACL = ['~bull:*', '&*', '+@all', '-@dangerous', '+info', '+client|setname', '+client|getname', '+client|list', '+config|get'];

function serverArgs(port: number, options: RedisServerOptions): string[] {
  const args = ['--bind', '127.0.0.1', '--protected-mode', 'yes', '--maxmemory-policy', 'noeviction'];
  args.push(...(options.tls === undefined ? ['--port', String(port)] : ['--port', '0', '--tls-port', String(port), '--tls-cert-file', options.tls.cert, '--tls-key-file', options.tls.key, '--tls-ca-cert-file', options.tls.ca, '--tls-auth-clients', 'no']));
  // The deployment guide's persistence: an append-only file synced every second, and snapshots.
  args.push(...(options.persistDir === undefined ? ['--save', '', '--appendonly', 'no'] : ['--dir', options.persistDir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '60 1']));
  if (options.password !== undefined) args.push('--requirepass', options.password);
  if (options.user !== undefined) args.push('--user', 'default', 'off', '--user', options.user.name, 'on', `>${options.user.password}`, ...WORKER_ACL);
  return args;
}

/** Starts the process and waits until it accepts connections. */
async function launch(args: string[]): Promise<ChildProcess> {
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
  return child;
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * Starts redis-server on a free loopback port and waits until it accepts connections.
 *
 * @example
 * const redis = await startRedisServer({ user: { name: 'airlock', password: 's3cret' } });
 * // … AIRLOCK_REDIS_URL=redis.url airlock worker …
 * await redis.stop();
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const args = serverArgs(port, options);
  let child = await launch(args);
  const credentials = options.user !== undefined ? `${encodeURIComponent(options.user.name)}:${encodeURIComponent(options.user.password)}@` : options.password !== undefined ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    port,
    url: `${options.tls === undefined ? 'redis' : 'rediss'}://${credentials}127.0.0.1:${port}`,
    stop: () => ended(child, 'SIGTERM'),
    kill: () => ended(child, 'SIGKILL'),
    restart: async () => {
      child = await launch(args);
    },
  };
}
