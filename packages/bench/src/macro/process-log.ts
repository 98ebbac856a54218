/**
 * Runs a per-output function over every record of a run log, streamed line by
 * line on the calling thread: the single-thread macro measurement, and the
 * naive script's loop.
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

/** What a per-output function returns: whether it accepted the output, or a result saying so. */
export type PipelineOutcome = boolean | { success: boolean };

/**
 * Called once per record (blank lines skipped) with its 1-based line number in the log and the
 * function's result, or undefined when the line holds no JSON object with a string `output`.
 * A returned promise is awaited before the next line is read, so a writer can apply
 * back-pressure; return nothing while the writer keeps up, so the loop pays no await.
 */
export type RecordCallback<R> = (line: number, result: R | undefined) => void | Promise<void>;

function accepted(outcome: PipelineOutcome): boolean {
  return typeof outcome === 'boolean' ? outcome : outcome.success;
}

/**
 * @example
 * const pass = await processLog('corpus/log.jsonl', (text) => safeParse(text, benchContract).success);
 * pass.records / (pass.ms / 1000) // records per second
 * // The naive script writes one line per record:
 * await processLog(log, (text) => naivePipeline(text, benchContract), (line, result) => writeResult(line, result));
 */
export async function processLog<R extends PipelineOutcome>(path: string, run: (output: string) => R, onRecord?: RecordCallback<R>): Promise<LogPass> {
  const started = performance.now();
  const pass: LogPass = { records: 0, accepted: 0, bytes: 0, ms: 0 };
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line === '') continue;
    pass.records++;
    pass.bytes += Buffer.byteLength(line) + 1;
    let output: unknown;
    try {
      output = (JSON.parse(line) as { output?: unknown }).output;
    } catch {
      output = undefined;
    }
    const result = typeof output === 'string' ? run(output) : undefined;
    if (result !== undefined && accepted(result)) pass.accepted++;
    if (onRecord !== undefined) {
      const wait = onRecord(lineNumber, result);
      if (wait !== undefined) await wait;
    }
  }
  pass.ms = performance.now() - started;
  return pass;
}
