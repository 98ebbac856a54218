import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const meta = JSON.stringify({ airlock: { version: '0.1.0', contract: { name: 'task', fingerprint: '0000abcd', module: './c.ts', export: 'task' }, options: { field: 'output', idField: 'id' } } });

function output(name: string, results: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${[meta, ...results.map((result, k) => JSON.stringify({ line: k + 1, id: `t${k}`, result }))].join('\n')}\n`);
  return path;
}

describe('airlock diff', () => {
  const a = output('a.ndjson', [{ success: true, interventions: [] }, { success: false, failure: 'schema', interventions: [] }]);
  const b = output('b.ndjson', [{ success: true, interventions: [{ rule: 'trailing_comma' }] }, { success: false, failure: 'schema', interventions: [] }]);

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

  it('needs two files', async () => {
    const io = memoryIo();
    expect(await main(['diff', a], io)).toBe(2);
    expect(io.err()).toMatch(/diff takes two batch outputs/);
  });
});
