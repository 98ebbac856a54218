import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatDuration } from './progress-reporter.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (d: string) => (text += d));
  return { stream, text: () => text };
}

/** Reading runs ahead of the commits: the reporter must show the committed share. */
const progress = (records: number, committed: number, elapsedMs: number) => ({
  records, failed: Math.floor(records / 10), inputBytesRead: Math.min(1_000_000, committed * 2), inputBytesCommitted: committed, inputBytesTotal: 1_000_000, bytesProcessed: committed, elapsedMs,
});

describe('createProgressReporter', () => {
  it('prints a plain line at most every interval when not on a terminal', () => {
    let clock = 0;
    const out = capture();
    const reporter = createProgressReporter(out.stream, { tty: false, now: () => clock });
    clock = 500;
    reporter.update(progress(100, 100_000, 500));
    clock = 2500;
    reporter.update(progress(1000, 250_000, 2500));
    clock = 3000;
    reporter.update(progress(1200, 300_000, 3000));
    reporter.done();
    // ETA from the committed rate between the first report and this one: 150 KB in 2 s.
    expect(out.text()).toBe('airlock batch: 1,000 records done (25% of input committed), 0.10 MB/s, 100 failed, ETA 0:10\n');
  });

  it('redraws one bar on a terminal and clears it when done', () => {
    let clock = 0;
    const out = capture();
    const reporter = createProgressReporter(out.stream, { tty: true, now: () => clock });
    clock = 1000;
    reporter.update(progress(2000, 500_000, 1000));
    reporter.done();
    expect(out.text()).toBe('\r\x1b[K[############------------]  50%  2,000 records done  0.50 MB/s  ETA 0:01  200 failed\r\x1b[K');
  });

  it('formats durations', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
