import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';

// Inside the package, so the contract modules written here resolve @airlock/core as a user's would.
const scratch = fileURLToPath(new URL('../.airlock-tmp/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const dir = mkdtempSync(join(scratch, 'report-'));
const file = (name: string) => join(dir, name);
const sampleLog = fileURLToPath(new URL('../../../examples/sample-run-log.jsonl', import.meta.url));
const contract = fileURLToPath(new URL('../../../examples/contract.ts', import.meta.url));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page's index, as the browser reads it. */
function indexOf(html: string): { runs: { label: string; line: number[]; outcomes: string[]; outcome: number[]; hasRawText: boolean }[] } {
  const match = /<script type="application\/json" id="airlock-index">([^<]*)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as never;
}

describe('airlock report', () => {
  beforeAll(async () => {
    expect(await main(['batch', sampleLog, '--contract', `${contract}#sampleContract`, '-o', file('sample.ndjson'), '--threads', '0', '--quiet'], memoryIo())).toBe(0);
    // The same log under a contract that reads "looks good" as approve: the comparison's other side.
    writeFileSync(file('lenient.ts'), `import { defineContract } from '@airlock/core';\nimport { sampleSchema } from ${JSON.stringify(contract)};\nexport const lenient = defineContract({ name: 'sample', schema: sampleSchema, synonyms: { verdict: { map: { approve: ['looks good'] } } } });\n`);
  }, 120_000);

  it('writes one self-contained HTML file of the sample batch, with the raw texts from --log', async () => {
    const io = memoryIo();
    expect(await main(['report', file('sample.ndjson'), '-o', file('report.html'), '--log', sampleLog], io)).toBe(0);
    expect(io.out()).toMatch(/^wrote .*report\.html \(\d+\.\d MB\)\n$/);
    const html = readFileSync(file('report.html'), 'utf8');
    const [run] = indexOf(html).runs;
    expect(run!.line).toHaveLength(300);
    expect(run!.hasRawText).toBe(true);
    expect(run!.outcomes).toContain('failed:schema');
    expect(html).not.toMatch(/\b(src|href)=["']?https?:/);
  });

  it('compares two outputs of the same log', async () => {
    expect(await main(['batch', sampleLog, '--contract', `${file('lenient.ts')}#lenient`, '-o', file('lenient.ndjson'), '--threads', '0', '--quiet'], memoryIo())).toBe(0);
    const io = memoryIo();
    expect(await main(['report', file('sample.ndjson'), file('lenient.ndjson'), '-o', file('compare.html')], io)).toBe(0);
    expect(io.out()).toContain('--log');
    const runs = indexOf(readFileSync(file('compare.html'), 'utf8')).runs;
    expect(runs.map((r) => r.label)).toEqual(['sample.ndjson', 'lenient.ndjson']);
    const failed = (r: (typeof runs)[number]) => r.outcome.filter((k) => r.outcomes[k] === 'failed:schema').length;
    expect(failed(runs[1]!)).toBeLessThan(failed(runs[0]!));
  });

  it('refuses what is not a batch output, and a missing -o, in one line', async () => {
    writeFileSync(file('not.ndjson'), '{"hello":1}\n');
    const io = memoryIo();
    expect(await main(['report', file('not.ndjson'), '-o', file('x.html')], io)).toBe(2);
    expect(io.err()).toMatch(/^airlock report: .*not an airlock batch output.*\n$/);
    const missing = memoryIo();
    expect(await main(['report', file('sample.ndjson')], missing)).toBe(2);
    expect(missing.err()).toContain('-o <report.html>');
  });
});
