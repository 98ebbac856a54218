/**
 * Records for report tests, made by running the pipeline over a run log in
 * process (the same results a batch writes), with the log's raw texts.
 */
import { readFileSync } from 'node:fs';
import { safeParse, type Contract } from '@airlock/core';
import type { ReportRecord, ReportRunInput } from '../collect-run.js';

export const SAMPLE_LOG = new URL('../../../../examples/sample-run-log.jsonl', import.meta.url);

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

/** The bundled sample log's lines. */
export function sampleLogLines(): string[] {
  return readFileSync(SAMPLE_LOG, 'utf8').split('\n').filter((l) => l !== '');
}
