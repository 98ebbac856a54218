// runBatch on one worker thread with a thread heap set, so the calling thread never parses: every
// record runs in the thread the installed package starts (its CommonJS entry, the bundled worker
// module, the TypeScript contract compiled for it). A worker that cannot load fails the run.
import { runBatch } from '@airlock/worker';

const stats = await runBatch({
  input: 'runs.jsonl',
  output: 'threads-out.ndjson',
  contract: { module: './ticket.ts', export: 'Ticket' },
  threads: 1,
  threadHeapMb: 256,
  force: true,
});
console.log(JSON.stringify({ threads: stats.threads, records: stats.records }));
