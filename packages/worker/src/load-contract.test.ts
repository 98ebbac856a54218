import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BatchError } from './batch-error.js';
import { loadContract, prepareContractRef, resolveContractRef } from './load-contract.js';
import { tempDir } from './test-support/temp-dir.js';

/** esbuild's bundling, counted: a memoized compile must not call it. */
const esbuildBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof import('esbuild')>();
  return { ...esbuild, build: ((options: Parameters<typeof esbuild.build>[0]) => (esbuildBuilds.count++, esbuild.build(options))) as typeof esbuild.build };
});

const dir = tempDir('load-contract');
afterAll(() => dir.remove());
const schemas = fileURLToPath(new URL('./test-support/task-schemas.ts', import.meta.url));

describe('prepareContractRef', () => {
  it('compiles a TypeScript contract and the local files it imports into one cached JavaScript module', async () => {
    writeFileSync(dir.file('shape.ts'), 'export const limit: number = 3;\n');
    writeFileSync(dir.file('contract.ts'), [
      "import { limit } from './shape.ts';",
      "import { taskSchema } from " + JSON.stringify(schemas) + ';',
      'interface Unused { a: string }',
      'export const task = taskSchema;',
      'export const where: string = import.meta.url;',
      'export const max = limit satisfies number;',
    ].join('\n'));
    const ref = await prepareContractRef(resolveContractRef({ module: './contract.ts', export: 'task' }, dir.path));
    expect(ref.specifier).toMatch(/^file:.*\.mjs$/);
    expect(ref.module).toBe('./contract.ts');
    const code = readFileSync(fileURLToPath(ref.specifier), 'utf8');
    expect(code).not.toMatch(/interface Unused|satisfies/);
    const mod = (await import(ref.specifier)) as { max: number; where: string };
    expect(mod.max).toBe(3);
    // The module still sees its own location.
    expect(mod.where).toBe(pathToFileURL(dir.file('contract.ts')).href);
    // The same source compiles to the same cached file.
    expect((await prepareContractRef(resolveContractRef({ module: './contract.ts', export: 'task' }, dir.path))).specifier).toBe(ref.specifier);
    expect((await loadContract({ module: './contract.ts', export: 'task' }, dir.path)).name).toBe('task');
  });

  it('compiles again in the same process only when the contract or a local file it imports changed', async () => {
    writeFileSync(dir.file('part.ts'), 'export const size: number = 1;\n');
    writeFileSync(dir.file('memo.ts'), "import { size } from './part.ts';\nexport const schema = { size };\n");
    const prepare = async (): Promise<string> => (await prepareContractRef(resolveContractRef({ module: './memo.ts', export: 'schema' }, dir.path))).specifier;
    const first = await prepare();
    const bundled = esbuildBuilds.count;
    expect(await prepare()).toBe(first);
    expect(esbuildBuilds.count).toBe(bundled);
    // Gone from the cache directory: bundled again.
    rmSync(fileURLToPath(first));
    expect(await prepare()).toBe(first);
    expect(existsSync(fileURLToPath(first))).toBe(true);
    expect(esbuildBuilds.count).toBe(bundled + 1);
    writeFileSync(dir.file('part.ts'), 'export const size: number = 22;\n');
    const changed = await prepare();
    expect(esbuildBuilds.count).toBe(bundled + 2);
    expect(changed).not.toBe(first);
    expect(((await import(changed)) as { schema: { size: number } }).schema.size).toBe(22);
  });

  it('leaves a JavaScript contract as it is', async () => {
    writeFileSync(dir.file('plain.mjs'), 'export const schema = { "~standard": { version: 1, vendor: "x", validate: (value) => ({ value }) } };\n');
    const ref = resolveContractRef({ module: './plain.mjs', export: 'schema' }, dir.path);
    expect(await prepareContractRef(ref)).toBe(ref);
  });

  it('reports a compile error in one line with its place', async () => {
    writeFileSync(dir.file('broken.ts'), 'export const schema = ;\n');
    const error = await prepareContractRef(resolveContractRef({ module: './broken.ts', export: 'schema' }, dir.path)).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as Error).message).toMatch(/^cannot load contract module \.\/broken\.ts: .*broken\.ts:1:\d+: Unexpected ";"$/);
  });
});
