import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';
import { runCli } from './test-support/run-cli.js';

// Inside the package, so the contract modules written here resolve @airlock/core as a user's would.
const scratch = fileURLToPath(new URL('../.airlock-tmp/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const dir = mkdtempSync(join(scratch, 'report-'));
const file = (name: string) => join(dir, name);
const sampleLog = fileURLToPath(new URL('../../../examples/sample-run-log.jsonl', import.meta.url));
const contract = fileURLToPath(new URL('../../../examples/contract.ts', import.meta.url));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page's index, as the browser reads it. */
function indexOf(html: string): { runs: { label: string; files: string[]; line: number[]; file: number[]; outcomes: string[]; outcome: number[]; hasRawText: boolean }[] } {
  const match = /<script type="application\/json" id="airlock-index">([^<]*)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as never;
}

/** The records' details of a run's first chunk, as the page decodes them. */
function detailsOf(html: string, run = 0): { text?: string }[] {
  const match = new RegExp(`id="airlock-r${run}c0">([^<]*)</script>`).exec(html);
  return JSON.parse(gunzipSync(Buffer.from(match![1]!, 'base64')).toString('utf8')) as never;
}

const sampleLines = readFileSync(sampleLog, 'utf8').split('\n').filter((l) => l !== '');
const outputOf = (line: string): string => (JSON.parse(line) as { output: string }).output;

/** Writes a log of some of the sample's lines into the scratch directory. */
function writeLog(name: string, lines: string[]): string {
  writeFileSync(file(name), `${lines.join('\n')}\n`);
  return file(name);
}

async function batch(inputs: string[], output: string): Promise<void> {
  const io = memoryIo();
  expect(await main(['batch', ...inputs, '--contract', `${contract}#sampleContract`, '-o', output, '--threads', '0', '--quiet', '--force'], io), io.err()).toBe(0);
}

async function report(args: string[]): Promise<{ status: number; out: string; err: string; html: string }> {
  const io = memoryIo();
  const status = await main(['report', ...args, '-o', file('r.html')], io);
  return { status, out: io.out(), err: io.err(), html: status === 0 ? readFileSync(file('r.html'), 'utf8') : '' };
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
    expect(io.out()).toMatch(/^wrote .*report\.html \(\d+\.\d MB\); raw texts from .*sample-run-log\.jsonl\n$/);
    expect(io.err()).toBe('');
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
    expect(io.out().replace(/\(\d+\.\d MB\)/, '(size)')).toBe(`wrote ${file('compare.html')} (size); raw texts from ${sampleLog}\n`);
    const runs = indexOf(readFileSync(file('compare.html'), 'utf8')).runs;
    expect(runs.map((r) => r.label)).toEqual(['sample.ndjson', 'lenient.ndjson']);
    expect(runs.map((r) => r.hasRawText)).toEqual([true, true]);
    const failed = (r: (typeof runs)[number]) => r.outcome.filter((k) => r.outcomes[k] === 'failed:schema').length;
    expect(failed(runs[1]!)).toBeLessThan(failed(runs[0]!));
  });

  it('finds the run log the output names, with no --log', async () => {
    const { status, out, err, html } = await report([file('sample.ndjson')]);
    expect(status).toBe(0);
    expect(err).toBe('');
    expect(out).toContain(`; raw texts from ${sampleLog}`);
    const [run] = indexOf(html).runs;
    expect(run!.hasRawText).toBe(true);
    expect(run!.files).toEqual([sampleLog]);
    expect(detailsOf(html).slice(0, 3).map((d) => d.text)).toEqual(sampleLines.slice(0, 3).map(outputOf));
  });

  it('finds a log named relative to where the batch ran, beside the output', async () => {
    writeLog('relative.jsonl', sampleLines.slice(0, 4));
    const made = await runCli(['batch', 'relative.jsonl', '--contract', `${contract}#sampleContract`, '-o', 'relative.ndjson', '--threads', '0', '--quiet'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    const { out, html } = await report([file('relative.ndjson')]);
    expect(out).toContain('; raw texts from relative.jsonl\n');
    expect(detailsOf(html).map((d) => d.text)).toEqual(sampleLines.slice(0, 4).map(outputOf));
  });

  it('gives every log to an output of several logs, by log and line', async () => {
    const a = writeLog('a.jsonl', sampleLines.slice(0, 2));
    const b = writeLog('b.jsonl', sampleLines.slice(2, 5));
    await batch([a, b], file('two.ndjson'));
    const { out, html } = await report([file('two.ndjson')]);
    expect(out).toContain(`; raw texts from ${a}, ${b}\n`);
    const [run] = indexOf(html).runs;
    expect(run!.files).toEqual([a, b]);
    expect(run!.file).toEqual([0, 0, 1, 1, 1]);
    expect(run!.line).toEqual([1, 2, 1, 2, 3]);
    expect(detailsOf(html).map((d) => d.text)).toEqual(sampleLines.slice(0, 5).map(outputOf));
    const wrongCount = await report([file('two.ndjson'), '--log', a]);
    expect(wrongCount.status).toBe(2);
    expect(wrongCount.err).toBe(`airlock report: ${file('two.ndjson')} was made from 2 logs (${a}, ${b}): give --log once for each, in that order (see airlock report --help)\n`);
  });

  it('leaves out a log that changed since the batch, with one warning line naming it', async () => {
    const log = writeLog('changing.jsonl', sampleLines.slice(0, 3));
    await batch([log], file('changing.ndjson'));
    appendFileSync(log, `${sampleLines[3]}\n`);
    const { status, out, err, html } = await report([file('changing.ndjson')]);
    expect(status).toBe(0);
    expect(err).toBe(`airlock report: warning: run log ${log} has changed since ${file('changing.ndjson')} was made (its fingerprint differs): its texts are left out; give the right log with --log\n`);
    expect(out).not.toContain('raw texts from');
    expect(indexOf(html).runs[0]!.hasRawText).toBe(false);
    expect(detailsOf(html).map((d) => d.text)).toEqual([undefined, undefined, undefined]);
    // Given by hand, the changed log is shown, and the warning says its texts may not match.
    const given = await report([file('changing.ndjson'), '--log', log]);
    expect(given.err).toMatch(/^airlock report: warning: run log .*changing\.jsonl is not the one .* was made from \(its fingerprint differs\): its texts may not match the records\n$/);
    expect(indexOf(given.html).runs[0]!.hasRawText).toBe(true);
  });

  it('says where the log was not found, and takes it from --log where it is now', async () => {
    const log = writeLog('moving.jsonl', sampleLines.slice(0, 3));
    await batch([log], file('moving.ndjson'));
    mkdirSync(file('archive'), { recursive: true });
    copyFileSync(log, file('archive/moving.jsonl'));
    unlinkSync(log);
    const missing = await report([file('moving.ndjson')]);
    expect(missing.out.endsWith(`; run log ${log} not found: give it with --log to see each record's raw text\n`), missing.out).toBe(true);
    expect(indexOf(missing.html).runs[0]!.hasRawText).toBe(false);
    const moved = await report([file('moving.ndjson'), '--log', file('archive/moving.jsonl')]);
    expect(moved.err).toBe('');
    expect(detailsOf(moved.html).map((d) => d.text)).toEqual(sampleLines.slice(0, 3).map(outputOf));
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
