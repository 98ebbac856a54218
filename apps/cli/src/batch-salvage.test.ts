import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BATCH_HELP } from './usage.js';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-salvage-'));
const file = (name: string) => join(dir, name);
const contract = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOG = [
  { id: 'whole', output: '{"title": "Fix login", "priority": 1}' },
  { id: 'cut', output: '{"title": "Fix lo' },
  { id: 'prose', output: 'Sure, here is' },
].map((record) => JSON.stringify(record)).join('\n');

describe('airlock batch --salvage-truncated', () => {
  writeFileSync(file('log.jsonl'), `${LOG}\n`);

  it('writes the partial value of a cut-off record beside its truncated failure and counts it in the summary', async () => {
    const run = await runCli(['batch', file('log.jsonl'), '-c', contract, '-o', file('out.ndjson'), '--quiet', '--salvage-truncated']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {4}truncated\s+1\s+33\.3%\n {6}partial value salvaged\s+1\s+33\.3%$/m);
    const lines = readFileSync(file('out.ndjson'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ airlock: { options: { salvageTruncated: true } } });
    expect(lines[2]).toMatchObject({ id: 'cut', failure: 'truncated', salvaged: { data: { title: 'Fix lo' }, states: { '(root)': 'incomplete', title: 'incomplete', priority: 'missing' } } });
    expect(lines[3]).not.toHaveProperty('salvaged');
  });

  it('writes no salvaged field and no summary row without it', async () => {
    const run = await runCli(['batch', file('log.jsonl'), '-c', contract, '-o', file('plain.ndjson'), '--quiet']);
    expect(run.stdout).not.toContain('salvaged');
    expect(readFileSync(file('plain.ndjson'), 'utf8')).not.toContain('"salvaged"');
  });

  it('is documented in the help', () => {
    expect(BATCH_HELP).toMatch(/--salvage-truncated\s+for each record that fails as truncated/);
  });
});
