import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const metadata = (format: number | null) =>
  JSON.stringify({ airlock: { format: format ?? undefined, version: '0.1.0', contract: { name: 'task', fingerprint: '0000abcd', module: './c.ts', export: 'task' }, options: { field: 'output', idField: 'id', includeRaw: false } } });

function output(name: string, results: object[], format: number | null = 2): string {
  const path = join(dir, name);
  writeFileSync(path, `${[metadata(format), ...results.map((result, k) => JSON.stringify({ line: k + 1, id: `t${k}`, ...result }))].join('\n')}\n`);
  return path;
}

const candidate = ['raw', 'json', 0, 2];

describe('airlock diff', () => {
  const a = output('a.ndjson', [{ data: {}, candidate }, { failure: 'schema' }]);
  const b = output('b.ndjson', [{ data: {}, candidate, interventions: [['trailing_comma', 'parse', 'parser_fix', 'Removed a trailing comma.', [1, 2], null, ',', '']] }, { failure: 'schema' }]);

  it('prints which records changed outcome and the rule deltas', async () => {
    const io = memoryIo();
    expect(await main(['diff', a, b], io)).toBe(0);
    expect(io.out()).toContain('line 1 (id t0): valid_untouched → valid_repaired');
    expect(io.out()).toMatch(/trailing_comma\s+0\s+1\s+\+1/);
  });

  it('prints JSON with --json', async () => {
    const io = memoryIo();
    expect(await main(['diff', a, b, '--json'], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ compared: 2, changed: 1 });
  });

  it('says in one line that a file of format 1 must be redone', async () => {
    // Format 1 outputs had no format field and one whole ParseResult per record.
    const old = output('old.ndjson', [{ result: { success: true, data: {}, interventions: [] } }], null);
    const io = memoryIo();
    expect(await main(['diff', a, old], io)).toBe(2);
    expect(io.err()).toBe(`airlock diff: ${old} is a batch output of format 1 (written by airlock 0.1.0); this airlock reads format 2: rerun the batch with this version\n`);
  });

  it('needs two files', async () => {
    const io = memoryIo();
    expect(await main(['diff', a], io)).toBe(2);
    expect(io.err()).toMatch(/diff takes two batch outputs/);
  });
});
