import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-exec-argv.js';

const run = promisify(execFile);

describe('workerExecArgv', () => {
  it('passes per-thread diagnostics and drops V8 flags, conditions and loaders', () => {
    const parent = ['--conditions', 'source', '--import', 'tsx', '--max-old-space-size=2048', '--enable-source-maps', '--cpu-prof', '--cpu-prof-dir', '/tmp/p', '--no-turbo-inlining', '--disable-warning=ExperimentalWarning', '-C', 'x'];
    expect(workerExecArgv(parent)).toEqual(['--enable-source-maps', '--cpu-prof', '--cpu-prof-dir', '/tmp/p', '--disable-warning=ExperimentalWarning']);
  });

  it('keeps nothing from an empty or flag-free parent', () => {
    expect(workerExecArgv([])).toEqual([]);
  });

  it('lets a batch on worker threads run in a process started with a V8 flag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'airlock-execargv-'));
    try {
      const log = join(dir, 'log.jsonl');
      const contract = join(dir, 'contract.mjs');
      const output = join(dir, 'out.ndjson');
      await writeFile(log, '{"id":1,"output":"{\\"a\\":1}"}\n{"id":2,"output":"{\\"a\\":2,}"}\n');
      await writeFile(contract, "export const anything = { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } };\n");
      const worker = new URL('./index.js', new URL('../dist/', import.meta.url)).href;
      const code = `const { runBatch } = await import(${JSON.stringify(worker)}); const s = await runBatch({ input: ${JSON.stringify(log)}, output: ${JSON.stringify(output)}, contract: { module: ${JSON.stringify(contract)}, export: 'anything' }, threads: 1 }); console.log(s.records);`;
      const { stdout } = await run(process.execPath, ['--max-old-space-size=512', '--input-type=module', '-e', code]);
      expect(stdout.trim()).toBe('2');
      expect((await readFile(output, 'utf8')).trim().split('\n')).toHaveLength(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
