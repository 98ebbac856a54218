/**
 * Preload for a timed child process (`node --import <this file's URL> …`): when the process
 * exits, writes its peak resident memory in MB (`VmHWM`, see peak-rss.mjs) to the file named by
 * the BENCH_PEAK_RSS_FILE environment variable. The subject runs unchanged: one small module
 * loaded before it and one file write at exit (the bench times subjects with and without it).
 *
 * Only the main thread writes: worker threads share the process's memory, so its peak already
 * counts theirs. The variable is removed from the environment at once, so a process the
 * subject starts does not overwrite the figure with its own.
 *
 * @example
 * // BENCH_PEAK_RSS_FILE=/path/peak.txt node --import file:///…/peak-rss-on-exit.mjs script.js
 * // → /path/peak.txt holds "181.3"
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { peakRssMB } from './peak-rss.mjs';

const target = process.env.BENCH_PEAK_RSS_FILE;
delete process.env.BENCH_PEAK_RSS_FILE;
if (isMainThread && target !== undefined && target !== '') {
  process.on('exit', () => {
    writeFileSync(target, String(peakRssMB()));
  });
}
