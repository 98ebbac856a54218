import { gunzipSync } from 'node:zlib';
import type { ParseFailure } from '@airlock/core';
import { describe, expect, it } from 'vitest';
import { collectRun, type ReportRecord } from './collect-run.js';
import type { RecordDetails } from './report-format.js';

const truncated: ParseFailure = { success: false, failure: 'truncated', extractionError: 'The output was cut off.', interventions: [], repairApplied: false };
const RECORDS: ReportRecord[] = [
  { line: 1, id: 'whole', result: { success: true, data: { title: 'Fix login' }, raw: { title: 'Fix login' }, candidate: { source: 'raw', format: 'json', span: [0, 21], prefixStripped: false }, interventions: [], repairApplied: false, normalized: false, truncated: false } },
  { line: 2, id: 'cut', result: truncated, salvaged: { data: { title: 'Fix lo' }, states: { '(root)': 'incomplete', title: 'incomplete' } } },
  { line: 3, id: 'cut-nothing', result: truncated },
];

describe('collectRun and salvaged records', () => {
  it('counts the salvaged records and keeps each salvaged value in its record\'s details', async () => {
    const { run, chunks } = await collectRun({ label: 'out.ndjson', metadata: {}, records: RECORDS });
    expect(run.salvaged).toBe(1);
    // Salvaged records stay truncated failures in the outcome counts.
    expect(run.outcome.map((k) => run.outcomes[k])).toEqual(['valid_untouched', 'failed:truncated', 'failed:truncated']);
    const details = JSON.parse(gunzipSync(chunks[0]!).toString('utf8')) as RecordDetails[];
    expect(details.map((d) => d.salvaged)).toEqual([undefined, { data: { title: 'Fix lo' }, states: { '(root)': 'incomplete', title: 'incomplete' } }, undefined]);
  });

  it('counts none for an output without them', async () => {
    const { run } = await collectRun({ label: 'old.ndjson', metadata: {}, records: RECORDS.map(({ salvaged: _, ...record }) => record) });
    expect(run.salvaged).toBe(0);
  });
});
