import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParse } from '@airlock/core';
import { fromProvider, PROVIDERS, schemaFingerprint } from '@airlock/core/schema';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ticket } from '../../../examples/ticket.js';
import { main } from './main.js';
import { makeTaskLog } from './test-support/make-task-log.js';
import { memoryIo } from './test-support/memory-io.js';
import { runCli } from './test-support/run-cli.js';
import { task } from './test-support/task-contract.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SAMPLE = join(ROOT, 'examples/contract.ts#sampleContract');

async function schema(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo();
  const code = await main(['schema', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

/** `$ npx airlock schema …` blocks of the providers guide, with the lines they print. */
function readmeExamples(): { args: string[]; expected: string[] }[] {
  const readme = readFileSync(join(ROOT, 'docs/providers.md'), 'utf8');
  return [...readme.matchAll(/```sh\n\$ (?:npx airlock|node apps\/cli\/bin\/airlock\.mjs) (schema [^\n]*)\n([\s\S]*?)```/g)].map((match) => ({
    args: [...match[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((part) => part[1] ?? part[2]!),
    expected: match[2]!.trimEnd().split('\n'),
  }));
}

describe('airlock schema', () => {
  it.each(PROVIDERS)('projects the sample contract for %s (snapshot of stdout and stderr)', async (provider) => {
    const run = await schema(['--contract', SAMPLE, '--provider', provider]);
    expect(run.code).toBe(0);
    await expect(run.out).toMatchFileSnapshot(`__snapshots__/sample-contract.${provider}.json`);
    await expect(run.err).toMatchFileSnapshot(`__snapshots__/sample-contract.${provider}.lost.txt`);
  });

  it('the providers guide examples print what the guide shows (built bin, from the repository root)', async () => {
    const examples = readmeExamples();
    expect(examples.map((e) => e.args[e.args.indexOf('--provider') + 1])).toEqual(['openai', 'anthropic', 'gemini', 'ag-ui']);
    for (const { args, expected } of examples) {
      const run = await runCli(args, { cwd: ROOT });
      expect(run.code).toBe(0);
      expect([...run.stdout.trimEnd().split('\n'), ...run.stderr.trimEnd().split('\n')].filter((line) => line !== '')).toEqual(expected);
    }
  });

  it('the providers guide library example reads an OpenAI answer back with one recorded intervention', () => {
    const result = safeParse('{"title":"Fix login","priority":"high","estimate":null}', fromProvider('openai', ticket));
    expect(result.success && result.data).toEqual({ title: 'Fix login', priority: 'high' });
    expect(result.interventions.map((i) => i.rule)).toEqual(['optional_null_dropped']);
  });

  it('exits 2 listing every path outside the profile', async () => {
    const module = fileURLToPath(new URL('./test-support/outside-profile-contract.ts', import.meta.url));
    const run = await schema(['--contract', `${module}#lossy`, '--provider', 'openai']);
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err.trimEnd().split('\n')).toEqual([
      'airlock schema: lossy is outside the AgentSchema profile:',
      expect.stringMatching(/^ {2}a: default/),
      expect.stringMatching(/^ {2}b\.c: record/),
      expect.stringMatching(/^ {2}d: transform/),
    ]);
  });

  it.each([
    { name: 'no provider', args: ['--contract', SAMPLE], error: /--provider is required \(openai, anthropic, gemini, ag-ui, json-schema\)/ },
    { name: 'an unknown provider', args: ['--contract', SAMPLE, '--provider', 'bedrock'], error: /--provider must be one of .*got "bedrock"/ },
    { name: 'no contract', args: ['--provider', 'openai'], error: /--contract <module>#<export> is required/ },
    { name: 'a positional argument', args: ['--contract', SAMPLE, '--provider', 'openai', 'extra'], error: /takes no positional arguments/ },
  ])('answers $name with one line and exit 2', async ({ args, error }) => {
    const run = await schema(args);
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err.trimEnd().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(error);
  });

  it('names and describes an AG-UI tool, and prints one line with --compact', async () => {
    const run = await schema(['--contract', SAMPLE, '--provider', 'ag-ui', '--name', 'submit_review', '--description', 'Submit the review', '--compact']);
    expect(run.out.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.out)).toMatchObject({ name: 'submit_review', description: 'Submit the review', parameters: { type: 'object', additionalProperties: false } });
  });

  it('the fingerprint batch outputs carry is the schema fingerprint (sha256 of the closed JSON Schema)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-schema-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'log.jsonl'), makeTaskLog(5));
    const contract = fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url));
    const io = memoryIo();
    expect(await main(['batch', join(dir, 'log.jsonl'), '--contract', `${contract}#task`, '-o', join(dir, 'out.ndjson'), '--threads', '0', '--quiet'], io)).toBe(0);
    const metadata = JSON.parse(readFileSync(join(dir, 'out.ndjson'), 'utf8').split('\n', 1)[0]!) as { airlock: { contract: { fingerprint: string } } };
    expect(metadata.airlock.contract.fingerprint).toBe(schemaFingerprint(task));
    expect(metadata.airlock.contract.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('prints its help', async () => {
    const run = await schema(['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^usage: airlock schema --contract/);
  });
});
