import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';
import { cliIsBuilt, runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const contractFile = fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url));
const spec = `${contractFile}#task`;
const fenced = 'Here you go:\n```json\n{"title": "Fix login", "priority": 1}\n```\n';
const invalid = '{"title": "Fix login", "priority": "high"}';

describe('airlock parse (built bin)', () => {
  it('parses a file: prints the result as JSON and exits 0 when valid', async () => {
    expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
    const path = join(dir, 'output.txt');
    writeFileSync(path, fenced);
    const run = await runCli(['parse', '--contract', spec, path]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { title: 'Fix login', priority: 1 }, candidate: { source: 'fenced' } });
  });

  it('reads stdin for "-" and exits 1 when invalid', async () => {
    const run = await runCli(['parse', '--contract', spec, '-', '--compact'], { stdin: invalid });
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: false, failure: 'schema', validationErrors: [{ path: 'priority' }] });
  });

  it('answers a missing contract file with one line on stderr and exit 2', async () => {
    const run = await runCli(['parse', '--contract', './missing/contract.ts#task'], { cwd: dir, stdin: fenced });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`airlock parse: contract module not found: ./missing/contract.ts (looked for ${join(dir, 'missing/contract.ts')})\n`);
  });
});

describe('airlock parse (in-process)', () => {
  it('reads stdin when no file is given', async () => {
    const io = memoryIo(fenced);
    expect(await main(['parse', '-c', spec], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ success: true });
  });

  it.each([
    { name: 'a missing export', args: ['parse', '--contract', `${contractFile}#nope`, '-'], error: /has no export "nope" \(it exports .*task/ },
    { name: 'an export that is no schema', args: ['parse', '--contract', `${contractFile}#notASchema`, '-'], error: /is not a Zod schema/ },
    { name: 'a contract without #export', args: ['parse', '--contract', contractFile], error: /--contract must be <module>#<export>/ },
    { name: 'no contract', args: ['parse', 'x.txt'], error: /--contract <module>#<export> is required/ },
    { name: 'an unknown flag', args: ['parse', '--contract', spec, '--bogus'], error: /^airlock parse: Unknown option '--bogus' \(see airlock parse --help\)$/ },
    { name: 'a missing input file', args: ['parse', '--contract', spec, join(dir, 'nope.txt')], error: /cannot read .*nope\.txt: no such file/ },
    { name: 'two input files', args: ['parse', '--contract', spec, 'a', 'b'], error: /parse takes one file/ },
  ])('answers $name with one line and exit 2', async ({ args, error }) => {
    const io = memoryIo('{}');
    expect(await main(args, io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err().trimEnd()).toMatch(error);
    expect(io.err().trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints help for the CLI and each command', async () => {
    for (const args of [['--help'], ['parse', '--help'], ['batch', '-h'], ['diff', '--help']]) {
      const io = memoryIo();
      expect(await main(args, io)).toBe(0);
      expect(io.out()).toMatch(/usage:/);
    }
    const io = memoryIo();
    expect(await main([], io)).toBe(2);
    expect(io.err()).toMatch(/usage:/);
    const unknown = memoryIo();
    expect(await main(['frobnicate'], unknown)).toBe(2);
    expect(unknown.err()).toBe('airlock: unknown command "frobnicate" (see airlock --help)\n');
  });
});
