/**
 * Runs every ```ts example of the README. Each example asserts its own results with
 * node:assert, so a stale example fails here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..');
const scratch = join(packageRoot, '.airlock-tmp', 'readme-examples');

function examples(): string[] {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  return [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The package's own name points at its sources; `@airlock/core` resolves through the test config. */
function resolveOwnImports(code: string): string {
  return code.replaceAll("from '@airlock/ai-sdk'", `from '${pathToFileURL(join(packageRoot, 'src/index.ts')).href}'`);
}

describe('README examples', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const found = examples();

  it('finds the examples', () => {
    if (found.length < 3) throw new Error(`Expected the examples in README.md, found ${found.length}.`);
  });

  for (const [index, code] of found.entries()) {
    it(`example ${index + 1} runs and its assertions hold`, async () => {
      // The examples log their repairs; keep the test output quiet.
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        const file = join(scratch, `example-${index + 1}.ts`);
        writeFileSync(file, `${resolveOwnImports(code)}\nexport {};\n`);
        await import(/* @vite-ignore */ pathToFileURL(file).href);
      } finally {
        log.mockRestore();
      }
    });
  }
});
