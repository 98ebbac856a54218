/**
 * Every TypeScript and JavaScript block of README.md and docs/*.md type-checks against the built
 * packages, and every block marked runnable runs (printing its `text output` block when it has
 * one). Needs the packages built (`turbo run test` builds them first).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { blockCompilerOptions, checkBlocks } from './check-blocks.js';
import { documentationBlocks } from './documentation-files.js';
import { runBlock } from './run-block.js';
import { writeBlocks } from './write-blocks.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(PACKAGE, '..', '..');
const { blocks, problems } = documentationBlocks(ROOT);
mkdirSync(join(PACKAGE, '.extracted'), { recursive: true });
const into = mkdtempSync(join(PACKAGE, '.extracted', 'docs-'));
const written = writeBlocks(blocks, ROOT, into);
const runnable = written.filter((w) => w.block.mode === 'run');

afterAll(() => rmSync(into, { recursive: true, force: true }));

describe('the code blocks of README.md and docs/*.md', () => {
  it('carry only known markers and are closed', () => {
    expect(problems).toEqual([]);
  });

  it('include checked and runnable blocks, and few skipped ones', () => {
    expect(written.length).toBeGreaterThan(0);
    expect(runnable.length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.mode === 'skip').length).toBeLessThanOrEqual(blocks.length / 4);
  });

  it('type-check as one strict user project', () => {
    expect(checkBlocks(written, blockCompilerOptions(join(PACKAGE, 'tsconfig.blocks.json')))).toEqual([]);
  });

  it.each(runnable.map((w) => [`${w.block.file}:${w.block.line - 1}`, w] as const))('%s runs', async (_, block) => {
    const run = await runBlock(block, ROOT);
    expect(run.status, run.stderr).toBe(0);
    if (block.block.expectedOutput !== undefined) expect(run.stdout).toBe(block.block.expectedOutput);
  });
});
