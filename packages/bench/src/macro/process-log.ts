/**
 * Runs a per-output function over every record of a run log, streamed line by
 * line on the calling thread: the single-thread macro measurement.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface LogPass {
  records: number;
  /** Records the function accepted. */
  accepted: number;
  /** UTF-8 bytes of the log (newlines included). */
  bytes: number;
  ms: number;
}

/**
 * @example
 * const pass = await processLog('corpus/log.jsonl', (text) => safeParse(text, benchContract).success);
 * pass.records / (pass.ms / 1000) // records per second
 */
export async function processLog(path: string, accept: (output: string) => boolean): Promise<LogPass> {
  const started = performance.now();
  const pass: LogPass = { records: 0, accepted: 0, bytes: 0, ms: 0 };
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    pass.records++;
    pass.bytes += Buffer.byteLength(line) + 1;
    let output: unknown;
    try {
      output = (JSON.parse(line) as { output?: unknown }).output;
    } catch {
      continue;
    }
    if (typeof output === 'string' && accept(output)) pass.accepted++;
  }
  pass.ms = performance.now() - started;
  return pass;
}
