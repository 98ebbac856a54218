/**
 * Records for report tests, made by running the pipeline over a run log in
 * process (the same results a batch writes), with the log's raw texts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParse, type Contract } from '@airlock/core';
import { readBatchOutput, runBatch } from '@airlock/worker';
import type { ReportRecord, ReportRunInput } from '../collect-run.js';
import { readLogTexts } from '../read-log-texts.js';

export const SAMPLE_LOG = new URL('../../../../examples/sample-run-log.jsonl', import.meta.url);
const SAMPLE_CONTRACT = fileURLToPath(new URL('../../../../examples/contract.ts', import.meta.url));

/** The sample batch as `airlock batch` writes it (inline), read back like `airlock report` reads it. */
export async function sampleBatchRun(dir: string): Promise<ReportRunInput & { records: ReportRecord[] }> {
  const output = join(dir, 'sample.ndjson');
  await runBatch({ input: fileURLToPath(SAMPLE_LOG), output, contract: { module: SAMPLE_CONTRACT, export: 'sampleContract' }, threads: 0, force: true });
  const reader = await readBatchOutput(output);
  const records: ReportRecord[] = [];
  for await (const record of reader) records.push(record);
  const texts = await readLogTexts(fileURLToPath(SAMPLE_LOG), reader.metadata.options.field);
  return { label: 'sample.ndjson', metadata: reader.metadata, records, rawText: (line) => texts.get(line) };
}

interface LogEntry {
  id?: string | number;
  agent?: string;
  output: string;
}

/** Parses each `output` of a JSONL log with a contract; a run input for the report. */
export function runOfLog(lines: readonly string[], contract: Contract<unknown> | Parameters<typeof safeParse>[1], label: string): ReportRunInput {
  const texts = new Map<number, string>();
  const records: ReportRecord[] = lines.map((text, k) => {
    const entry = JSON.parse(text) as LogEntry;
    texts.set(k + 1, entry.output);
    const record: ReportRecord = { line: k + 1, id: entry.id ?? null, result: safeParse(entry.output, contract) };
    if (entry.agent !== undefined) record.agent = entry.agent;
    return record;
  });
  return {
    label,
    metadata: { version: 'test', contract: { name: 'sample', fingerprint: 'f0', module: 'examples/contract.ts', export: 'sampleContract' }, options: { field: 'output', idField: 'id' } },
    records,
    rawText: (line) => texts.get(line),
  };
}

/**
 * One run over several logs, as `airlock batch a.jsonl b.jsonl` writes it: each record names
 * its log, lines count from 1 in each, and the metadata names the logs in order.
 */
export function runOfLogs(logs: readonly { name: string; lines: readonly string[] }[], contract: Contract<unknown> | Parameters<typeof safeParse>[1], label: string): ReportRunInput & { records: ReportRecord[] } {
  const runs = logs.map((log) => ({ name: log.name, run: runOfLog(log.lines, contract, label) }));
  const records = runs.flatMap(({ name, run }) => (run.records as ReportRecord[]).map((record) => ({ ...record, file: name })));
  const byName = new Map(runs.map(({ name, run }) => [name, run.rawText!]));
  return {
    label,
    metadata: { ...runs[0]!.run.metadata, input: { files: logs.map((log) => log.name), fingerprint: null } },
    records,
    rawText: (line, file) => (file === undefined ? undefined : byName.get(file)?.(line)),
  };
}

/** The bundled sample log's lines. */
export function sampleLogLines(): string[] {
  return readFileSync(SAMPLE_LOG, 'utf8').split('\n').filter((l) => l !== '');
}
