import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-pretty-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const spec = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;

async function pretty(name: string, text: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  writeFileSync(join(dir, name), text);
  return runCli(['parse', '--pretty', '--contract', spec, join(dir, name)]);
}

describe('airlock parse --pretty', () => {
  it('shows the verdict, the value and the interventions as a table', async () => {
    const run = await pretty('repaired.txt', 'Sure:\n```json\n{"title": \'x\', "priority": 2,}\n```');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^valid after \d+ interventions$/);
    expect(run.stdout).toContain('value:\n  {\n    "title": "x",\n    "priority": 2\n  }');
    const header = lines.findIndex((l) => /^ {2}rule +stage +where +change +message$/.test(l));
    expect(header).toBeGreaterThan(0);
    expect(lines.some((l) => /^ {2}trailing_comma +parse +\d+–\d+ +"," → "" +Removed a trailing comma\.$/.test(l))).toBe(true);
  });

  it('says valid, untouched for a clean output', async () => {
    const run = await pretty('clean.txt', '{"title": "x", "priority": 2}');
    expect(run.stdout).toBe('valid, untouched\n\nvalue:\n  {\n    "title": "x",\n    "priority": 2\n  }\n');
  });

  it('shows a failure with its validation errors and exits 1', async () => {
    const run = await pretty('invalid.txt', '{"title": 3, "priority": 9}');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^invalid: schema/);
    expect(run.stdout).toMatch(/validation errors:\n {2}path +message\n {2}title +Expected string, received 3\n {2}priority +Too big/);
  });

  it('refuses --pretty with --compact', async () => {
    writeFileSync(join(dir, 'x.txt'), '{}');
    const run = await runCli(['parse', '--pretty', '--compact', '--contract', spec, join(dir, 'x.txt')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('airlock parse: --pretty and --compact exclude each other (see airlock parse --help)\n');
  });
});
