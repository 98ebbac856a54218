/**
 * The raw model texts of a run log, by line number, so the report can show
 * each record's text with its spans highlighted (batch outputs keep results,
 * not the texts they came from).
 */
import { getPath, openInputLines } from '@airlock/worker';

/**
 * Reads every line's text field (`output`, or the batch's `--field`) of a run
 * log, plain or gzip. Lines that are not JSON objects or have no string there
 * are left out (their records failed as `bad_record`).
 *
 * @example
 * const texts = await readLogTexts('runs.jsonl', 'output');
 * texts.get(3); // the model text of line 3
 */
export async function readLogTexts(path: string, field: string): Promise<Map<number, string>> {
  const input = await openInputLines(path);
  const texts = new Map<number, string>();
  try {
    const lines = input.lines();
    let line = 0;
    for (let next = await lines.next(); next.done !== true; next = await lines.next()) {
      line++;
      if (next.value.trim() === '') continue;
      let record: unknown;
      try {
        record = JSON.parse(next.value);
      } catch {
        continue;
      }
      const text = getPath(record, field);
      if (typeof text === 'string') texts.set(line, text);
    }
  } finally {
    input.close();
  }
  return texts;
}
