/**
 * `node dist/macro/naive-script.js LOG [naive|airlock]`: one pipeline over a run log in a
 * fresh process, the way a user's own script runs; the whole-process comparison times it
 * against the `airlock batch` command. Prints the record count to stdout.
 */
import { PIPELINES } from './bench-pipelines.js';
import { processLog } from './process-log.js';

const [log, which = 'naive'] = process.argv.slice(2);
if (log === undefined || (which !== 'naive' && which !== 'airlock')) {
  console.error('usage: naive-script.js LOG [naive|airlock]');
  process.exit(2);
}
const pass = await processLog(log, PIPELINES[which]);
console.log(JSON.stringify({ records: pass.records, accepted: pass.accepted }));
