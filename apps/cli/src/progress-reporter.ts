/**
 * Batch progress on stderr: a redrawn bar on a terminal, a plain line every
 * few seconds otherwise (CI logs, pipes), so neither floods its reader. It
 * shows records done and the share of the input *committed* (written and
 * checkpointed), not read: reading runs ahead of the workers by the chunks in
 * flight, and only committed work survives a stop.
 */
import { groupDigits, type BatchProgress } from '@airlock/worker';

/** Receives progress after each committed chunk; `done` clears the bar. */
export interface ProgressReporter {
  update(progress: BatchProgress): void;
  done(): void;
}

/** `65` → `1:05`, `3725` → `1:02:05`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

interface Figures {
  records: string;
  rate: string;
  fraction: number | undefined;
  eta: string | undefined;
  failed: string;
}

function figures(p: BatchProgress, first: BatchProgress): Figures {
  const seconds = Math.max(p.elapsedMs, 1) / 1000;
  const fraction = p.inputBytesTotal !== undefined && p.inputBytesTotal > 0 ? Math.min(1, p.inputBytesCommitted / p.inputBytesTotal) : undefined;
  // Committed file bytes per second drive the ETA (so it holds for gzip input), measured from the
  // first report on, so bytes a resumed run found already committed do not count as speed.
  const since = first !== p && p.elapsedMs > first.elapsedMs ? first : undefined;
  const fileRate = since === undefined ? p.inputBytesCommitted / seconds : ((p.inputBytesCommitted - since.inputBytesCommitted) * 1000) / (p.elapsedMs - since.elapsedMs);
  const eta = fraction !== undefined && fileRate > 0 ? formatDuration((p.inputBytesTotal! - p.inputBytesCommitted) / fileRate) : undefined;
  return {
    records: groupDigits(p.records),
    rate: `${(p.bytesProcessed / 1e6 / seconds).toFixed(2)} MB/s`,
    fraction,
    eta,
    failed: groupDigits(p.failed),
  };
}

/** What a reporter writes to and how often. */
export interface ProgressReporterOptions {
  tty: boolean;
  /** Minimum time between plain lines (default 2 s) or redraws (100 ms). */
  intervalMs?: number;
  now?: () => number;
}

/**
 * Creates a reporter for `airlock batch`.
 *
 * @example
 * const progress = createProgressReporter(process.stderr, { tty: process.stderr.isTTY === true });
 * await runBatch({ ...options, onProgress: progress.update });
 * progress.done();
 */
export function createProgressReporter(stream: NodeJS.WritableStream, options: ProgressReporterOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? (options.tty ? 100 : 2000);
  let last = now();
  let drawn = false;
  let first: BatchProgress | undefined;
  return {
    update(progress) {
      first ??= progress;
      const t = now();
      if (t - last < interval) return;
      last = t;
      const f = figures(progress, first);
      if (options.tty) {
        const width = 24;
        const filled = f.fraction === undefined ? 0 : Math.round(f.fraction * width);
        const bar = f.fraction === undefined ? '' : `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(f.fraction * 100).toFixed(0).padStart(3)}%  `;
        stream.write(`\r\x1b[K${bar}${f.records} records done  ${f.rate}${f.eta === undefined ? '' : `  ETA ${f.eta}`}  ${f.failed} failed`);
        drawn = true;
      } else {
        const share = f.fraction === undefined ? '' : ` (${(f.fraction * 100).toFixed(0)}% of input committed)`;
        stream.write(`airlock batch: ${f.records} records done${share}, ${f.rate}, ${f.failed} failed${f.eta === undefined ? '' : `, ETA ${f.eta}`}\n`);
      }
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
