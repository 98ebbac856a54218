/**
 * Child process of the RSS suite: processes one log, then prints its peak
 * resident set size as one JSON line. A fresh process per log size, because
 * maxRSS only ever grows within a process.
 *
 * node --conditions=source --import tsx src/macro/rss-probe.ts --input log.jsonl --mode batch --threads 2 --output out.ndjson
 */
import { parseArgs } from 'node:util';
import { loadRunBatch } from '../optional/load-run-batch.js';
import { PIPELINES } from './bench-pipelines.js';
import { processLog } from './process-log.js';
import { CONTRACT_MODULE } from './contract-module.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      input: { type: 'string' },
      mode: { type: 'string', default: 'airlock' },
      threads: { type: 'string', default: '2' },
      output: { type: 'string', default: '/dev/null' },
    },
  });
  if (values.input === undefined) throw new Error('--input is required');
  const started = performance.now();
  let records = 0;
  if (values.mode === 'batch') {
    const batch = await loadRunBatch();
    if (!batch.available) throw new Error(batch.reason);
    const stats = await batch.value({
      input: values.input,
      output: values.output,
      contract: { module: CONTRACT_MODULE, export: 'benchContract' },
      threads: Number(values.threads),
      field: 'output',
      force: true,
    });
    records = stats?.records ?? 0;
  } else {
    records = (await processLog(values.input, PIPELINES.airlock)).records;
  }
  const ms = performance.now() - started;
  // maxRSS is in kilobytes.
  console.log(JSON.stringify({ maxRssMB: process.resourceUsage().maxRSS / 1024, records, ms }));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
