import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { diffBatches } from './diff-batches.js';
import { formatDiff } from './format-diff.js';
import { tempDir } from './test-support/temp-dir.js';

const dir = tempDir('diff');
afterAll(() => dir.remove());

const meta = (fingerprint: string, format: number | undefined = 2) =>
  // Format 1 files had no format field.
  JSON.stringify({ airlock: { format: format === 1 ? undefined : format, version: '0.1.0', contract: { name: 'c', fingerprint, module: './c.ts', export: 'c' }, options: { field: 'output', idField: 'id', includeRaw: false } } });
const interventions = (rules: string[]) => (rules.length === 0 ? {} : { interventions: rules.map((rule) => [rule, 'parse', 'parser_fix', `Applied ${rule}.`]) });
const ok = (rules: string[]) => ({ data: {}, candidate: ['raw', 'json', 0, 2], ...interventions(rules) });
const fail = (failure: string, rules: string[] = []) => ({ failure, ...interventions(rules) });
const line = (n: number, result: object) => JSON.stringify({ line: n, id: `r${n}`, ...result });

function write(name: string, fingerprint: string, records: string[], format?: number): string {
  const path = dir.file(name);
  writeFileSync(path, `${[meta(fingerprint, format), ...records].join('\n')}\n`);
  return path;
}

describe('diffBatches', () => {
  const a = write('a.ndjson', 'aaaa0000', [line(1, ok([])), line(2, ok(['trailing_comma'])), line(3, fail('schema')), line(5, ok(['trailing_comma', 'fence']))]);
  const b = write('b.ndjson', 'bbbb1111', [line(1, ok([])), line(2, fail('syntax')), line(3, ok(['key_aliased'])), line(4, ok([])), line(5, ok(['fence']))]);

  it('lists records that changed outcome and rule count deltas', async () => {
    const diff = await diffBatches(a, b);
    expect(diff).toMatchObject({ compared: 4, changed: 2, onlyInA: 0, onlyInB: 1 });
    expect(diff.a).toMatchObject({ records: 4, metadata: { contract: { fingerprint: 'aaaa0000' } } });
    expect(diff.changes).toEqual([
      { line: 2, id: 'r2', from: 'valid_repaired', to: 'failed:syntax' },
      { line: 3, id: 'r3', from: 'failed:schema', to: 'valid_repaired' },
    ]);
    expect({ ...diff.transitions }).toEqual({ 'valid_repaired → failed:syntax': 1, 'failed:schema → valid_repaired': 1 });
    expect({ ...diff.rules }).toEqual({
      trailing_comma: { a: 2, b: 0, delta: -2 },
      fence: { a: 1, b: 1, delta: 0 },
      key_aliased: { a: 0, b: 1, delta: 1 },
    });
    expect(diff.outcomes['valid_untouched']).toEqual({ a: 1, b: 1 });
  });

  it('formats the comparison for the terminal', async () => {
    const text = formatDiff(await diffBatches(a, b));
    expect(text).toContain('compared 4 records (only in a: 0, only in b: 1); 2 changed outcome');
    expect(text).toMatch(/trailing_comma\s+2\s+0\s+-2/);
    expect(text).toContain('line 2 (id r2): valid_repaired → failed:syntax');
    expect(text).not.toMatch(/^\s+fence\s/m);
  });

  it('caps the list of changes but not the count', async () => {
    const diff = await diffBatches(a, b, { limit: 1 });
    expect(diff.changes).toHaveLength(1);
    expect(diff.changed).toBe(2);
  });

  it('refuses files that are not batch outputs', async () => {
    writeFileSync(dir.file('plain.jsonl'), '{"output":"x"}\n');
    await expect(diffBatches(a, dir.file('plain.jsonl'))).rejects.toThrow(/not an airlock batch output/);
    await expect(diffBatches(a, dir.file('missing.ndjson'))).rejects.toBeInstanceOf(BatchError);
  });

  it('says which format a file of another version is in', async () => {
    const old = write('old.ndjson', 'cccc', [JSON.stringify({ line: 1, id: 'r1', result: { success: true, data: {}, interventions: [] } })], 1);
    const error = await diffBatches(a, old).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as Error).message).toBe(`${old} is a batch output of format 1 (written by airlock 0.1.0); this airlock reads format 2: rerun the batch with this version`);
  });

  it('names the file and line of a damaged record', async () => {
    const damaged = write('damaged.ndjson', 'dddd', [line(1, ok([])), '{"line":2,"id":"r2","data":{},"candidate":["raw"'], 2);
    await expect(diffBatches(a, damaged)).rejects.toThrow(`${damaged}:3: malformed result line`);
  });
});
