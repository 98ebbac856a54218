/**
 * Peak RSS of a batch as a user runs it: plain Node, the built @airlock/worker (as the
 * CLI loads it), no TypeScript loader in the process (the TypeScript contract is compiled
 * by runBatch itself, once). `rss-probe.ts` measures the in-process pipeline instead.
 *
 * node src/macro/rss-batch-probe.mjs --input log.jsonl --threads 2 --output out.ndjson
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runBatch } from '@airlock/worker';
import { peakRssMB } from './peak-rss.mjs';

const { values } = parseArgs({ options: { input: { type: 'string' }, threads: { type: 'string', default: '2' }, output: { type: 'string', default: '/dev/null' } } });
if (values.input === undefined) throw new Error('--input is required');
const started = performance.now();
const stats = await runBatch({
  input: values.input,
  output: values.output,
  contract: { module: fileURLToPath(new URL('../contract.ts', import.meta.url)), export: 'benchContract' },
  threads: Number(values.threads),
  field: 'output',
  force: true,
});
console.log(JSON.stringify({ maxRssMB: peakRssMB(), records: stats.records, ms: performance.now() - started }));
