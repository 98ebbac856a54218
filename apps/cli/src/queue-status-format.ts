/**
 * `airlock queue status` for a person: the server, the workers alive, and a
 * block per run — shards done / running / waiting / failed, records and
 * throughput, the running shards and every failure with its reason.
 */
import type { QueueStatus, RunStatus } from '@airlock/queue';
import { groupDigits } from '@airlock/worker';

function formatRun(run: RunStatus): string[] {
  const throughput = run.throughput === undefined ? 'no shard finished yet' : `${groupDigits(run.throughput.recordsPerSecond)} records/s, ${run.throughput.mbPerSecond} MB/s`;
  const lines = [
    `run ${run.runId}: ${run.shards} shard${run.shards === 1 ? '' : 's'}: ${run.done} done, ${run.running} running, ${run.waiting} waiting, ${run.failed} failed`,
    `  ${groupDigits(run.records)} records in finished shards; ${throughput}`,
  ];
  for (const shard of run.runningShards) lines.push(`  running: shard ${shard.shard} on ${shard.worker ?? 'a worker'} (attempt ${shard.attempt}, ${groupDigits(shard.records)} records so far)`);
  for (const failure of run.failures) {
    const where = failure.firstLine === undefined ? '' : ` (lines from ${failure.firstLine})`;
    lines.push(`  failed: shard ${failure.shard}${where} after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}: ${failure.reason}`);
  }
  return lines;
}

/**
 * The status as lines of text, headed by where it was read from.
 *
 * @example
 * io.stdout.write(`${formatQueueStatus(status, 'redis://queue:6379 (Redis 7.0.15, …)', undefined)}\n`);
 */
export function formatQueueStatus(status: QueueStatus, server: string, runId: string | undefined): string {
  const lines = [`queue ${status.queue} on ${server}`];
  if (status.workers === undefined) lines.push('workers alive: unknown (the server does not allow CLIENT LIST)');
  else {
    const names = status.workers.map((worker) => `${worker.name} at ${worker.address}`).join(', ');
    lines.push(`workers alive: ${status.workers.length}${names === '' ? '' : ` (${names})`}`);
  }
  if (status.runs.length === 0) {
    lines.push(runId === undefined ? 'no runs on the queue' : `run ${runId}: no shards on the queue (merged and removed, or never submitted to this queue)`);
  }
  for (const run of status.runs) lines.push(...formatRun(run));
  return lines.join('\n');
}
