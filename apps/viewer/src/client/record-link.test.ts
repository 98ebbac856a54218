import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmbeddedRun } from '../report-format.js';
import { findRecord, parseRecordHash, readableHash, recordFile, recordHash } from './record-link.js';

/** A run of the given records (log index, line); only the fields links read are filled. */
function runOf(files: string[], records: [number, number][]): EmbeddedRun {
  return {
    label: 'out.ndjson', metadata: {}, outcomes: [], agents: [], rules: [], ruleSets: [], id: [], agent: [], outcome: [], ruleSet: [],
    ruleCounts: {}, agentInterventions: {}, chunkSize: 200, chunks: 0, hasRawText: false,
    files, line: records.map(([, line]) => line), file: files.length > 1 ? records.map(([file]) => file) : [],
  };
}

describe('record links', () => {
  it('name a one-log run\'s records by the log\'s file name and line', () => {
    const run = runOf(['/data/runs/sample-run-log.jsonl'], [[0, 1], [0, 2], [0, 25]]);
    expect(recordHash(run, 2)).toBe('#sample-run-log.jsonl:25');
    expect(findRecord(run, parseRecordHash('#sample-run-log.jsonl:25')!)).toBe(2);
    expect(findRecord(run, parseRecordHash('#/data/runs/sample-run-log.jsonl:25')!)).toBe(2);
    expect(findRecord(run, parseRecordHash('#25')!)).toBe(2);
    expect(findRecord(run, parseRecordHash('#other.jsonl:25')!)).toBe(-1);
    expect(findRecord(run, parseRecordHash('#sample-run-log.jsonl:26')!)).toBe(-1);
  });

  it('tell the logs of a several-log run apart, with the path where two share a file name', () => {
    const run = runOf(['a/runs.jsonl', 'b/runs.jsonl', 'c #2.jsonl'], [[0, 3], [1, 3], [2, 3]]);
    expect([0, 1, 2].map((k) => recordHash(run, k))).toEqual(['#a/runs.jsonl:3', '#b/runs.jsonl:3', '#c%20%232.jsonl:3']);
    for (const k of [0, 1, 2]) expect(findRecord(run, parseRecordHash(recordHash(run, k))!)).toBe(k);
    expect(recordFile(run, 1)).toBe('b/runs.jsonl');
    expect(readableHash(recordHash(run, 2))).toBe('#c #2.jsonl:3');
  });

  it('use the line alone where the output names no log (stdin)', () => {
    const run = runOf([], [[0, 7]]);
    expect(recordHash(run, 0)).toBe('#7');
    expect(findRecord(run, { file: 'runs.jsonl', line: 7 })).toBe(0);
  });

  it('read no place from other fragments, and never throw on any', () => {
    for (const hash of ['', '#', '#overview', '#runs.jsonl:', '#runs.jsonl:x', '#%E0%A4%A:3']) expect(parseRecordHash(hash), hash).toBeUndefined();
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.nat(), (name, line) => {
      const run = runOf([name, `${name}2`], [[0, line], [1, line]]);
      const place = parseRecordHash(recordHash(run, 0));
      expect(place?.line).toBe(line);
      expect(readableHash(recordHash(run, 0))).toContain(String(line));
    }));
  });
});
