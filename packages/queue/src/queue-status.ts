/**
 * `airlock queue status`: what a queue holds, read from Redis the way BullMQ
 * keeps it — the workers connected to it, and for each run its shards done,
 * running, waiting and failed (with each failure's reason), and its throughput.
 */
import { Queue, type ConnectionOptions, type Job } from 'bullmq';
import { DEFAULT_QUEUE_NAME } from './shard-job.js';
import { printable } from './shard-processor.js';

/** A worker connected to the queue. */
export interface WorkerStatus {
  /** Host and process id (`host-1234`), or the client name BullMQ gave an unnamed worker. */
  name: string;
  /** Address Redis sees it from. */
  address: string;
  /** Seconds since its connection last sent a command (a worker waiting for a job blocks, so this stays low). */
  idleSeconds: number;
}

/** A shard job that is running. */
export interface RunningShard {
  shard: number;
  worker: string | undefined;
  /** Records done so far, as the worker last reported. */
  records: number;
  attempt: number;
}

/** A shard job that failed past its retries. */
export interface FailedShardStatus {
  shard: number;
  firstLine: number | undefined;
  attempts: number;
  reason: string;
}

/** One run on the queue (its jobs share the run id). */
export interface RunStatus {
  runId: string;
  /** Shard jobs of the run on the queue. */
  shards: number;
  done: number;
  running: number;
  /** Waiting for a worker, or for the delay before a retry. */
  waiting: number;
  failed: number;
  /** Records and input bytes of the finished shards. */
  records: number;
  bytes: number;
  /** Over the finished shards, from the first one's start to the last one's end; undefined before one finishes. */
  throughput: { recordsPerSecond: number; mbPerSecond: number } | undefined;
  runningShards: RunningShard[];
  failures: FailedShardStatus[];
}

/** The state of a queue. */
export interface QueueStatus {
  queue: string;
  /** Undefined where the server does not allow CLIENT LIST (some managed Redis services). */
  workers: WorkerStatus[] | undefined;
  runs: RunStatus[];
}

/** Options of {@link queueStatus}. */
export interface QueueStatusOptions {
  connection: ConnectionOptions;
  queueName?: string;
  /** Only this run. */
  runId?: string;
}

/** Job states by the part of a run they count in. */
const STATES = { completed: 'done', failed: 'failed', active: 'running', waiting: 'waiting', delayed: 'waiting', prioritized: 'waiting', 'waiting-children': 'waiting' } as const;

/** A shard job's id is `<run id (20 hex digits)>-<shard index>`. */
const JOB_ID = /^([0-9a-f]{20})-(\d+)$/;

function emptyRun(runId: string): RunStatus {
  return { runId, shards: 0, done: 0, running: 0, waiting: 0, failed: 0, records: 0, bytes: 0, throughput: undefined, runningShards: [], failures: [] };
}

async function workersOf(queue: Queue): Promise<WorkerStatus[] | undefined> {
  let clients: Record<string, string>[];
  try {
    clients = await queue.getWorkers();
  } catch {
    return undefined;
  }
  if (clients.length === 1 && clients[0]!['rawname'] === undefined) return undefined;
  const prefix = ':w:';
  const byName = new Map<string, WorkerStatus>();
  for (const client of clients) {
    const raw = client['rawname'] ?? '';
    const at = raw.indexOf(prefix);
    const name = at === -1 ? raw : raw.slice(at + prefix.length);
    const idleSeconds = Number(client['idle'] ?? 0);
    const known = byName.get(name);
    // A worker holds more than one connection; the most recently active one speaks for it.
    if (known === undefined || idleSeconds < known.idleSeconds) byName.set(name, { name: printable(name, 100), address: printable(client['addr'] ?? '?', 100), idleSeconds });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Anyone who can write to Redis writes what is read here: nothing is trusted to have its type. */
type ShardJob = Job<unknown, unknown>;

async function jobsOf(queue: Queue, ids: string[]): Promise<ShardJob[]> {
  const jobs = await Promise.all(ids.map((id) => queue.getJob(id) as Promise<ShardJob | undefined>));
  return jobs.filter((job): job is ShardJob => job !== undefined);
}

/** A non-negative integer found at `path` in `value`, or undefined. */
function countAt(value: unknown, ...path: string[]): number | undefined {
  let at = value;
  for (const key of path) at = typeof at === 'object' && at !== null && Object.prototype.hasOwnProperty.call(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'number' && Number.isSafeInteger(at) && at >= 0 ? at : undefined;
}

function throughputOf(finished: ShardJob[]): RunStatus['throughput'] {
  let first = Infinity;
  let last = -Infinity;
  let records = 0;
  let bytes = 0;
  for (const job of finished) {
    first = Math.min(first, job.processedOn ?? Infinity);
    last = Math.max(last, job.finishedOn ?? -Infinity);
    records += countAt(job.returnvalue, 'records') ?? 0;
    bytes += countAt(job.returnvalue, 'bytes') ?? 0;
  }
  if (!Number.isFinite(first) || !Number.isFinite(last)) return undefined;
  const seconds = Math.max(last - first, 1) / 1000;
  return { recordsPerSecond: Math.round(records / seconds), mbPerSecond: Math.round((bytes / 1e6 / seconds) * 100) / 100 };
}

/** Fills a run's details from its jobs: finished shards' totals, running shards, failures. */
async function detail(queue: Queue, run: RunStatus, ids: Record<'done' | 'running' | 'failed', string[]>): Promise<void> {
  const finished = await jobsOf(queue, ids.done);
  for (const job of finished) {
    run.records += countAt(job.returnvalue, 'records') ?? 0;
    run.bytes += countAt(job.returnvalue, 'bytes') ?? 0;
  }
  run.throughput = throughputOf(finished);
  for (const job of await jobsOf(queue, ids.running)) {
    const worker = typeof job.processedBy === 'string' ? printable(job.processedBy, 100) : undefined;
    run.runningShards.push({ shard: countAt(job.data, 'shard', 'index') ?? -1, worker, records: countAt(job.progress, 'records') ?? 0, attempt: job.attemptsStarted });
  }
  for (const job of await jobsOf(queue, ids.failed)) {
    run.failures.push({ shard: countAt(job.data, 'shard', 'index') ?? -1, firstLine: countAt(job.data, 'shard', 'firstLine'), attempts: job.attemptsMade, reason: printable(String(job.failedReason ?? '')) });
  }
  run.runningShards.sort((a, b) => a.shard - b.shard);
  run.failures.sort((a, b) => a.shard - b.shard);
}

/**
 * Reads the queue's workers and runs (all of them, or `runId`'s).
 *
 * @example
 * const status = await queueStatus({ connection: redisConnection('redis://queue:6379'), runId: '3f2a9c0d1e2b3a4c5d6e' });
 * status.runs[0]; // { runId, shards: 12, done: 8, running: 2, waiting: 2, failed: 0, … }
 */
export async function queueStatus(options: QueueStatusOptions): Promise<QueueStatus> {
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const queue = new Queue(queueName, { connection: options.connection });
  queue.on('error', () => {});
  try {
    const runs = new Map<string, { status: RunStatus; ids: Record<'done' | 'running' | 'failed', string[]> }>();
    for (const [state, part] of Object.entries(STATES) as [keyof typeof STATES, (typeof STATES)[keyof typeof STATES]][]) {
      for (const id of await queue.getRanges([state], 0, -1)) {
        const runId = JOB_ID.exec(id)?.[1];
        if (runId === undefined || (options.runId !== undefined && runId !== options.runId)) continue;
        let run = runs.get(runId);
        if (run === undefined) runs.set(runId, (run = { status: emptyRun(runId), ids: { done: [], running: [], failed: [] } }));
        run.status.shards++;
        run.status[part]++;
        if (part !== 'waiting') run.ids[part].push(id);
      }
    }
    for (const run of runs.values()) await detail(queue, run.status, run.ids);
    return { queue: queueName, workers: await workersOf(queue), runs: [...runs.values()].map((run) => run.status) };
  } finally {
    await queue.close().catch(() => {});
  }
}
