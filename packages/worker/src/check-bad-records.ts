/**
 * Tells a run that read its records wrongly from one that met bad records:
 * when more than half of the first 1,000 results are `bad_record` for the same
 * reason (a wrong `--field`, a log that is not JSONL), the user gets one
 * warning with the reason and a hint, instead of an exit status 0 and a table
 * full of failures. Read from the output after the run, so the hot path pays nothing.
 */
import { openInputBytes } from './open-input-bytes.js';
import { readBatchOutput } from './read-batch-output.js';

/** Results looked at: enough to see a pattern, few enough to cost nothing. */
export const BAD_RECORD_SAMPLE = 1000;

/** Input bytes read for a field hint. */
const HINT_BYTES = 256 * 1024;

/** Input records looked at for a field hint. */
const HINT_RECORDS = 100;

/** What the warning says. */
export interface BadRecordWarning {
  /** The reason shared by the majority, without its line number. */
  reason: string;
  count: number;
  /** Results looked at (at most {@link BAD_RECORD_SAMPLE}). */
  of: number;
  /** A guess at what fixes it, e.g. `--field response.text`. */
  hint?: string;
}

/** Dotted paths to string values in a record, with their lengths (objects only, bounded depth). */
function stringPaths(value: unknown, prefix: string, depth: number, into: Map<string, { count: number; length: number }>): void {
  if (depth > 4 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof child === 'string') {
      const entry = into.get(path) ?? { count: 0, length: 0 };
      entry.count++;
      entry.length += child.length;
      into.set(path, entry);
    } else {
      stringPaths(child, path, depth + 1, into);
    }
  }
}

async function firstRecords(files: readonly string[]): Promise<unknown[]> {
  const input = await openInputBytes(files[0]!);
  const chunks = input.chunks();
  const pieces: Buffer[] = [];
  let bytes = 0;
  try {
    while (bytes < HINT_BYTES) {
      const next = await chunks.next();
      if (next.done === true) break;
      pieces.push(next.value);
      bytes += next.value.length;
    }
  } catch {
    // A hint is best effort: what was read is enough.
  } finally {
    await chunks.return?.().catch(() => {});
    input.close();
  }
  const records: unknown[] = [];
  for (const line of Buffer.concat(pieces).toString('utf8').split('\n').slice(0, HINT_RECORDS)) {
    try {
      records.push(JSON.parse(line));
    } catch {
      // skipped: a partial last line or a malformed record
    }
  }
  return records;
}

/** The path to the longest strings present in most records: where model text usually is. */
async function guessField(files: readonly string[], exclude: readonly string[]): Promise<string | undefined> {
  const records = await firstRecords(files);
  const paths = new Map<string, { count: number; length: number }>();
  for (const record of records) stringPaths(record, '', 0, paths);
  let best: string | undefined;
  let bestLength = 0;
  for (const [path, { count, length }] of paths) {
    if (exclude.includes(path) || count * 2 <= records.length) continue;
    if (length / count > bestLength) {
      best = path;
      bestLength = length / count;
    }
  }
  return best;
}

/**
 * Looks at the first {@link BAD_RECORD_SAMPLE} results of an output; returns a
 * warning when more than half are `bad_record` for one reason, else undefined.
 * For a missing or non-string field it guesses the field from the input's first records.
 *
 * @example
 * const warning = await checkBadRecords('out.ndjson', ['runs.jsonl'], { field: 'output', idField: 'id' });
 * if (warning) console.error(`${warning.count} of ${warning.of} records: ${warning.reason}`);
 */
export async function checkBadRecords(output: string, inputs: readonly string[], options: { field: string; idField: string }): Promise<BadRecordWarning | undefined> {
  const reasons = new Map<string, number>();
  let of = 0;
  const reader = await readBatchOutput(output);
  try {
    for await (const record of reader) {
      if (of++ >= BAD_RECORD_SAMPLE) {
        of--;
        break;
      }
      const { result } = record;
      if (result.success || result.failure !== 'bad_record') continue;
      const reason = (result.extractionError ?? 'bad record').replace(/^line \d+: /, '').replace(/^malformed JSON: .*/, 'malformed JSON');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  } finally {
    await reader.close();
  }
  let top: [string, number] | undefined;
  for (const entry of reasons) if (top === undefined || entry[1] > top[1]) top = entry;
  if (top === undefined || top[1] * 2 <= of) return undefined;
  const [reason, count] = top;
  let hint: string | undefined;
  if (reason.startsWith(`field "${options.field}" `) && !inputs.includes('-')) {
    const field = await guessField(inputs, [options.field, options.idField, 'id', 'agent']).catch(() => undefined);
    hint = field === undefined ? `check --field (the dotted path to the model text in each record)` : `--field ${field}?`;
  } else if (reason === 'malformed JSON' || reason.includes('not a JSON object')) {
    hint = 'is the input JSONL, one JSON object per line?';
  }
  return hint === undefined ? { reason, count, of } : { reason, count, of, hint };
}
