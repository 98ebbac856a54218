/**
 * Where the run logs of a batch output are now. The output's metadata names the logs the
 * batch read (the paths as given to it) and a fingerprint of them; a report uses the logs it
 * finds there only when their fingerprint still matches, so it never shows another log's
 * text against the records, and logs given by hand are checked the same way.
 */
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fingerprintInputs, type BatchMetadata } from '@airlock/worker';

/** A run log: its name as the output records it (on each record of a several-log output), and where it is read. */
export interface RunLog {
  name: string;
  path: string;
}

/**
 * What was found: the logs, whole and unchanged (`found`); the logs, changed since the batch
 * read them (`changed`: their fingerprint differs); not all of them (`missing`, with the names
 * not found); or nothing to look for (`unnamed`: the output names no log file, as after a
 * batch from stdin or a queued batch's merge, or in outputs of older versions).
 */
export type RunLogSearch = CheckedRunLogs | { status: 'missing'; names: string[] } | { status: 'unnamed' };

/** Logs at hand, and whether they are the ones the batch read. */
export interface CheckedRunLogs {
  status: 'found' | 'changed';
  logs: RunLog[];
}

type InputMetadata = BatchMetadata['airlock']['input'];

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * A log named by a relative path is looked for from the working directory, then from the
 * output's directory (a batch run where its output is, with the report made from elsewhere).
 */
async function locate(name: string, outputDir: string): Promise<string | undefined> {
  const places = isAbsolute(name) ? [name] : [resolve(name), resolve(outputDir, name)];
  for (const place of places) if (await isFile(place)) return place;
  return undefined;
}

async function compare(logs: RunLog[], fingerprint: string | null): Promise<CheckedRunLogs> {
  if (fingerprint === null) return { status: 'found', logs };
  const now = await fingerprintInputs(logs.map((log) => log.path));
  return { status: now === fingerprint ? 'found' : 'changed', logs };
}

/**
 * Finds the logs an output's metadata names.
 *
 * @example
 * const search = await findRunLogs('out/results.ndjson', reader.metadata.input);
 * if (search.status === 'found') texts = await readRunTexts(search.logs, reader.metadata.options.field);
 */
export async function findRunLogs(output: string, input: InputMetadata): Promise<RunLogSearch> {
  if (input === undefined || input.fingerprint === null || input.files.length === 0 || input.files.includes('-')) return { status: 'unnamed' };
  const logs: RunLog[] = [];
  const missing: string[] = [];
  for (const name of input.files) {
    const path = await locate(name, dirname(output));
    if (path === undefined) missing.push(name);
    else logs.push({ name, path });
  }
  if (missing.length > 0) return { status: 'missing', names: missing };
  try {
    return await compare(logs, input.fingerprint);
  } catch {
    // Found but unreadable (permissions): as good as missing for a report that only wants its texts.
    return { status: 'missing', names: input.files };
  }
}

/**
 * Checks logs given by hand against an output's metadata: they take the output's names in order
 * (so the records of a several-log output find their texts) and are `changed` when their
 * fingerprint differs. A log that cannot be read throws a one-line `BatchError`.
 *
 * @example
 * const checked = await checkRunLogs(['archive/runs.jsonl.gz'], reader.metadata.input);
 * checked.status; // 'found' or 'changed'
 */
export async function checkRunLogs(paths: readonly string[], input: InputMetadata): Promise<CheckedRunLogs> {
  const names = input !== undefined && input.files.length === paths.length ? input.files : paths;
  return compare(paths.map((path, k) => ({ name: names[k]!, path })), input?.fingerprint ?? null);
}
