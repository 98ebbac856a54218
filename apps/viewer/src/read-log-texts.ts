/**
 * The raw model texts of a run log, by line number, so the report can show
 * each record's text with its spans highlighted (batch outputs keep results,
 * not the texts they came from).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { BatchError, getPath } from '@airlock/worker';
import type { RunLog } from './find-run-logs.js';

/** The log's bytes as text, gunzipped when it starts with the gzip magic bytes (as `airlock batch` decides). */
async function openText(path: string): Promise<Readable> {
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BatchError('input', `cannot read run log ${path}: ${(error as Error).message.split('\n', 1)[0]}`);
  }
  const file = createReadStream(path);
  return head[0] === 0x1f && head[1] === 0x8b ? file.pipe(createGunzip()) : file;
}

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
  const texts = new Map<number, string>();
  let line = 0;
  for await (const text of createInterface({ input: await openText(path), crlfDelay: Infinity })) {
    line++;
    if (text.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      continue;
    }
    const value = getPath(record, field);
    if (typeof value === 'string') texts.set(line, value);
  }
  return texts;
}

/**
 * Reads the texts of every log of a run (each once), for `ReportRunInput.rawText`: a
 * record of a several-log output names its log; a record of a one-log output names none.
 *
 * @example
 * const rawText = await readRunTexts([{ name: 'runs.jsonl', path: '/data/runs.jsonl' }], 'output');
 * rawText(3); // the model text of line 3
 */
export async function readRunTexts(logs: readonly RunLog[], field: string): Promise<(line: number, file?: string) => string | undefined> {
  const byName = new Map<string, Map<number, string>>();
  for (const log of logs) byName.set(log.name, await readLogTexts(log.path, field));
  const only = logs.length === 1 ? byName.get(logs[0]!.name) : undefined;
  return (line, file) => (file === undefined ? only : byName.get(file))?.get(line);
}
