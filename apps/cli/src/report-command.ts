/**
 * `airlock report`: one batch output (or two of the same log, compared) as a
 * self-contained HTML file, with each record's raw text from the run log(s) the
 * output names, when they are still there and unchanged.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { airlockVersion, readBatchOutput, type BatchOutputReader } from '@airlock/worker';
import { checkRunLogs, findRunLogs, readRunTexts, writeReport, type RunLog, type ReportRunInput } from '@airlock/viewer';
import type { CliIo } from './cli-io.js';
import { REPORT_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  log: { type: 'string', multiple: true },
  title: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type RawText = NonNullable<ReportRunInput['rawText']>;

/** The logs whose texts a run shows, and what to tell about them (on stdout after the file written, or as a warning). */
interface LogChoice {
  logs?: RunLog[];
  note?: string;
  warning?: string;
}

function names(logs: readonly { name: string }[]): string {
  return logs.map((log) => log.name).join(', ');
}

/** Logs given with --log: one per log the output was made from, in order; used even when changed, with a warning. */
async function givenLogs(reader: BatchOutputReader, given: readonly string[]): Promise<LogChoice> {
  const files = reader.metadata.input?.files ?? [];
  if (given.length !== Math.max(files.length, 1)) {
    throw new UsageError(files.length > 1
      ? `${reader.path} was made from ${files.length} logs (${files.join(', ')}): give --log once for each, in that order`
      : `${reader.path} was made from one log: give one --log`);
  }
  const checked = await checkRunLogs(given, reader.metadata.input);
  const warning = checked.status === 'changed' ? `run log ${given.join(', ')} is not the one ${reader.path} was made from (its fingerprint differs): its texts may not match the records` : undefined;
  return { logs: checked.logs, ...(warning === undefined ? {} : { warning }) };
}

/** The logs the output's metadata names, where they are found unchanged. */
async function foundLogs(reader: BatchOutputReader): Promise<LogChoice> {
  const search = await findRunLogs(reader.path, reader.metadata.input);
  switch (search.status) {
    case 'found':
      return { logs: search.logs };
    case 'changed':
      return { warning: `run log ${names(search.logs)} has changed since ${reader.path} was made (its fingerprint differs): its texts are left out; give the right log with --log` };
    case 'missing':
      return { note: `run log ${search.names.join(', ')} not found: give it with --log to see each record's raw text` };
    case 'unnamed':
      return { note: 'give the run log with --log to see each record\'s raw text' };
  }
}

/**
 * Runs `airlock report out.ndjson [b.ndjson] -o report.html [--log run.jsonl]…`; resolves to the exit status.
 *
 * @example
 * process.exitCode = await reportCommand(['out.ndjson', '-o', 'report.html'], processIo());
 */
export async function reportCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${REPORT_HELP}\n`);
    return 0;
  }
  if (positionals.length === 0 || positionals.length > 2) throw new UsageError('report takes one batch output, or two of the same log: airlock report <out.ndjson> [<b.ndjson>] -o <report.html>');
  if (values.output === undefined) throw new UsageError('report needs -o <report.html>');
  const readers: BatchOutputReader[] = [];
  // Two outputs of one log name the same logs: their texts are read once, and said once.
  const texts = new Map<string, Promise<RawText>>();
  const warnings = new Set<string>();
  const notes = new Set<string>();
  try {
    for (const path of positionals) readers.push(await readBatchOutput(path));
    const runs: ReportRunInput[] = [];
    for (const reader of readers) {
      const choice = values.log === undefined ? await foundLogs(reader) : await givenLogs(reader, values.log);
      if (choice.warning !== undefined) warnings.add(choice.warning);
      if (choice.note !== undefined) notes.add(choice.note);
      let rawText: RawText | undefined;
      if (choice.logs !== undefined) {
        const { field } = reader.metadata.options;
        const key = JSON.stringify([choice.logs, field]);
        if (!texts.has(key)) texts.set(key, readRunTexts(choice.logs, field));
        rawText = await texts.get(key)!;
        notes.add(`raw texts from ${names(choice.logs)}`);
      }
      runs.push({ label: basename(reader.path), metadata: reader.metadata, records: reader, ...(rawText === undefined ? {} : { rawText }) });
    }
    for (const warning of warnings) io.stderr.write(`airlock report: warning: ${warning}\n`);
    await writeReport(values.output, runs, { generatedBy: `airlock ${airlockVersion()}`, ...(values.title === undefined ? {} : { title: values.title }) });
  } finally {
    for (const reader of readers) await reader.close();
  }
  const { size } = await stat(values.output);
  io.stdout.write(`wrote ${values.output} (${(size / 1e6).toFixed(1)} MB)${[...notes].map((note) => `; ${note}`).join('')}\n`);
  return 0;
}
