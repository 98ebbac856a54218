/**
 * `airlock report`: one batch output (or two of the same log, compared) as a
 * self-contained HTML file.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { airlockVersion, readBatchOutput, type BatchOutputReader } from '@airlock/worker';
import { readLogTexts, writeReport, type ReportRunInput } from '@airlock/viewer';
import type { CliIo } from './cli-io.js';
import { REPORT_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  log: { type: 'string' },
  title: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Runs `airlock report out.ndjson [b.ndjson] -o report.html [--log run.jsonl]`; resolves to the exit status.
 *
 * @example
 * process.exitCode = await reportCommand(['out.ndjson', '-o', 'report.html', '--log', 'runs.jsonl'], processIo());
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
  try {
    for (const path of positionals) readers.push(await readBatchOutput(path));
    // Both outputs come from one log, so the texts are read once, with the first output's field.
    const texts = values.log === undefined ? undefined : await readLogTexts(values.log, readers[0]!.metadata.options.field);
    const runs: ReportRunInput[] = readers.map((reader) => ({
      label: basename(reader.path),
      metadata: reader.metadata,
      records: reader,
      ...(texts === undefined ? {} : { rawText: (line: number) => texts.get(line) }),
    }));
    await writeReport(values.output, runs, { generatedBy: `airlock ${airlockVersion()}`, ...(values.title === undefined ? {} : { title: values.title }) });
  } finally {
    for (const reader of readers) await reader.close();
  }
  const { size } = await stat(values.output);
  io.stdout.write(`wrote ${values.output} (${(size / 1e6).toFixed(1)} MB)${values.log === undefined ? '; give the run log with --log to see each record\'s raw text' : ''}\n`);
  return 0;
}
