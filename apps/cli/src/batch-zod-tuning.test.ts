/**
 * `airlock batch` turns Zod's compiled checks off for runs of a known size under 256 MiB (see
 * tuneZodForRun in @airlock/worker), and leaves them on when told so or when the size is unknown.
 * The probe contract writes, in each record's data, which way its thread validated.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-zod-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const probe = `${fileURLToPath(new URL('../../../packages/worker/src/test-support/zod-probe-contract.ts', import.meta.url))}#probe`;
const text = Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: i, output: `{"a": ${i}}` })).join('\n') + '\n';
const log = join(dir, 'log.jsonl');
writeFileSync(log, text);

/** The `jitless` flag of every record of an output. */
function reported(output: string): boolean[] {
  return readFileSync(output, 'utf8').trimEnd().split('\n').slice(1).map((line) => (JSON.parse(line) as { data: { jitless: boolean } }).data.jitless);
}

describe('airlock batch and Zod', () => {
  it('runs a small log on Zod\'s generic path, and on its compiled checks with AIRLOCK_ZOD_JITLESS=0', async () => {
    const tuned = await runCli(['batch', log, '--contract', probe, '-o', join(dir, 'tuned.ndjson'), '--quiet']);
    expect(tuned.code, tuned.stderr).toBe(0);
    expect(reported(join(dir, 'tuned.ndjson'))).toEqual(Array(40).fill(true));
    const plain = await runCli(['batch', log, '--contract', probe, '-o', join(dir, 'plain.ndjson'), '--quiet'], { shell: 'export AIRLOCK_ZOD_JITLESS=0;' });
    expect(plain.code, plain.stderr).toBe(0);
    expect(reported(join(dir, 'plain.ndjson'))).toEqual(Array(40).fill(false));
  }, 60_000);

  it('keeps the compiled checks for stdin, whose size it cannot know', async () => {
    const run = await runCli(['batch', '-', '--contract', probe, '-o', join(dir, 'stdin.ndjson'), '--quiet'], { stdin: text });
    expect(run.code, run.stderr).toBe(0);
    expect(reported(join(dir, 'stdin.ndjson'))).toEqual(Array(40).fill(false));
  }, 60_000);
});
