/**
 * The checker on fixture guides: a wrong type is reported at its Markdown line, a block that
 * throws or prints something else than its output block fails, and relative imports resolve
 * from the Markdown file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { blockCompilerOptions, checkBlocks } from './check-blocks.js';
import { markdownBlocks } from './markdown-blocks.js';
import { runBlock } from './run-block.js';
import { blockFileName, repointImports, writeBlocks } from './write-blocks.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = 'tests/doc-examples/src/fixtures';
const ROOT = join(PACKAGE, '..', '..');
mkdirSync(join(PACKAGE, '.extracted'), { recursive: true });
const into = mkdtempSync(join(PACKAGE, '.extracted', 'fixtures-'));
const options = blockCompilerOptions(join(PACKAGE, 'tsconfig.blocks.json'));
afterAll(() => rmSync(into, { recursive: true, force: true }));

function written(name: string) {
  const file = `${FIXTURES}/${name}`;
  return writeBlocks(markdownBlocks(file, readFileSync(join(ROOT, file), 'utf8')).blocks, ROOT, join(into, name));
}

describe('checkBlocks and runBlock', () => {
  const guide = written('guide.md');
  const broken = written('broken.md');

  it('passes a guide whose blocks are right, skipped block left out', () => {
    expect(guide.map((w) => w.block.line)).toEqual([6, 12, 36]);
    expect(checkBlocks(guide, options)).toEqual([]);
  });

  it('reports a type error at its line in the Markdown file', () => {
    expect(checkBlocks(broken, options)).toEqual([
      `${FIXTURES}/broken.md:4:7 TS2322 Type 'string' is not assignable to type 'number'.`,
    ]);
  });

  it('runs a block and compares its output', async () => {
    const run = await runBlock(guide.find((w) => w.block.mode === 'run')!, ROOT);
    expect(run).toMatchObject({ status: 0, stdout: guide[1]!.block.expectedOutput });
  });

  it('sees a block that throws and one that prints something else', async () => {
    const [throwing, printing] = broken.filter((w) => w.block.mode === 'run');
    const thrown = await runBlock(throwing!, ROOT);
    expect(thrown.status).not.toBe(0);
    expect(thrown.stderr).toContain('the example is out of date');
    const printed = await runBlock(printing!, ROOT);
    expect(printed.stdout).not.toBe(printing!.block.expectedOutput);
  });

  it('re-points relative imports from the Markdown file to the written module', () => {
    const block = guide[2]!.block;
    expect(blockFileName(block)).toBe('tests-doc-examples-src-fixtures-guide-md-L36.ts');
    expect(repointImports(block, join(ROOT, FIXTURES), join(ROOT, 'out'))).toBe(
      "import { ticket } from '../examples/ticket.ts';\nconst title: string = ticket.parse({ title: 'x', priority: 'low' }).title;\n",
    );
  });
});
