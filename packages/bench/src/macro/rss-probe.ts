/**
 * Child process of the RSS suite when the worker is not available: runs Airlock single-thread
 * over one log, then prints its peak resident set size as one JSON line. A fresh process per
 * log size, because maxRSS only ever grows within a process. A batch is measured by
 * `rss-batch-probe.mjs` instead (plain Node, as users run it).
 *
 * node --import tsx src/macro/rss-probe.ts --input log.jsonl
 */
import { parseArgs } from 'node:util';
import { PIPELINES } from './bench-pipelines.js';
import { processLog } from './process-log.js';
import { peakRssMB } from './peak-rss.mjs';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { input: { type: 'string' } } });
  if (values.input === undefined) throw new Error('--input is required');
  const started = performance.now();
  const records = (await processLog(values.input, PIPELINES.airlock)).records;
  const ms = performance.now() - started;
  console.log(JSON.stringify({ maxRssMB: peakRssMB(), records, ms }));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
