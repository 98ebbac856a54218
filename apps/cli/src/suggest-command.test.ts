import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBatchOutput } from '@airlock/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';

// Inside the package, so the contract modules written here resolve @airlock/core as a user's would.
const scratch = fileURLToPath(new URL('../.airlock-tmp/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const dir = mkdtempSync(join(scratch, 'suggest-'));
const file = (name: string) => join(dir, name);
const sampleLog = fileURLToPath(new URL('../../../examples/sample-run-log.jsonl', import.meta.url));
const contract = fileURLToPath(new URL('../../../examples/contract.ts', import.meta.url));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Line → valid, over a batch output. */
async function outcomes(path: string): Promise<Map<number, boolean>> {
  const map = new Map<number, boolean>();
  for await (const record of await readBatchOutput(path)) map.set(record.line, record.result.success);
  return map;
}

describe('airlock suggest', () => {
  beforeAll(async () => {
    expect(await main(['batch', sampleLog, '--contract', `${contract}#sampleContract`, '-o', file('sample.ndjson'), '--threads', '0', '--quiet'], memoryIo())).toBe(0);
  }, 120_000);

  it('prints a fragment that, added to the sample contract, turns its planted failures into passes', async () => {
    const io = memoryIo();
    expect(await main(['suggest', file('sample.ndjson'), '--contract', `${contract}#sampleContract`], io)).toBe(0);
    const fragment = io.out();
    expect(fragment).toContain('"looks good" failed validation: 10 records');
    // Pasting: a contract module exporting the fragment, and the same batch run with it.
    writeFileSync(file('fixed.ts'), `import { defineContract } from '@airlock/core';\nimport { sampleContract } from ${JSON.stringify(contract)};\nexport const fixed = ${fragment};\n`);
    expect(await main(['batch', sampleLog, '--contract', `${file('fixed.ts')}#fixed`, '-o', file('fixed.ndjson'), '--threads', '0', '--quiet'], memoryIo())).toBe(0);
    const planted = readFileSync(sampleLog, 'utf8').split('\n').flatMap((l, k) => (l.includes('"shape":"wrong_enum"') ? [k + 1] : []));
    expect(planted).toHaveLength(10);
    const before = await outcomes(file('sample.ndjson'));
    const after = await outcomes(file('fixed.ndjson'));
    for (const line of planted) expect([before.get(line), after.get(line)]).toEqual([false, true]);
    // Nothing else changed outcome.
    expect([...after].filter(([line, ok]) => before.get(line) !== ok).map(([line]) => line)).toEqual(planted);
  });

  it('prints the proposals as JSON with --json', async () => {
    const io = memoryIo();
    expect(await main(['suggest', file('sample.ndjson'), '--contract', `${contract}#sampleContract`, '--json'], io)).toBe(0);
    const json = JSON.parse(io.out()) as { records: number; synonyms: { field: string; value: string; count: number }[]; fences: { key: string }[] };
    expect(json.records).toBe(300);
    expect(json.synonyms.map((s) => [s.field, s.value, s.count])).toEqual([['verdict', 'looks good', 10]]);
    expect(json.fences.map((f) => f.key)).toEqual(['json', 'yaml']);
  });

  it('needs a contract', async () => {
    const io = memoryIo();
    expect(await main(['suggest', file('sample.ndjson')], io)).toBe(2);
    expect(io.err()).toContain('--contract <module>#<export> is required');
  });
});
