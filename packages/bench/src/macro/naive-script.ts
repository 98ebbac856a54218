/**
 * `node dist/macro/naive-script.js LOG OUT`: the naive pipeline over a run log in a fresh
 * process, the way a user's own script runs it: one result line per record written to OUT
 * (`{"line":3,"ok":true,"value":{…}}` or `{"line":4,"ok":false,"error":"schema"}`), through a
 * write stream that it waits on when the stream's buffer is full. The whole-process comparison
 * times it against the `airlock batch` command, which writes its results too. Prints the record
 * count to stdout.
 *
 * It imports the naive pipeline and the contract alone, not `@airlock/core`: a user's script
 * does not load Airlock, so its start-up must not pay for it.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { benchContract } from '../contract.js';
import { naivePipeline, type NaiveResult } from '../naive/naive-pipeline.js';
import { processLog } from './process-log.js';

/** The line a user's script would write for one record. */
function resultLine(line: number, result: NaiveResult | undefined): string {
  if (result === undefined) return JSON.stringify({ line, ok: false, error: 'no output text' });
  return JSON.stringify(result.success ? { line, ok: true, value: result.data } : { line, ok: false, error: result.stage });
}

const [log, out] = process.argv.slice(2);
if (log === undefined || out === undefined) {
  console.error('usage: naive-script.js LOG OUT');
  process.exit(2);
}
const stream = createWriteStream(out);
const pass = await processLog(
  log,
  (output) => naivePipeline(output, benchContract),
  (line, result) => (stream.write(`${resultLine(line, result)}\n`) ? undefined : once(stream, 'drain').then(() => undefined)),
);
stream.end();
await once(stream, 'finish');
console.log(JSON.stringify({ records: pass.records, accepted: pass.accepted }));
