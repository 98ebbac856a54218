import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchError } from './batch-error.js';
import { loadContract, prepareContractRef, resolveContractRef } from './load-contract.js';
import { tempDir } from './test-support/temp-dir.js';

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
