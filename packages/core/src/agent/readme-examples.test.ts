/**
 * Runs every ```ts example of the README's agent sections. Each example asserts
 * its own results with node:assert, so a stale example fails here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..', '..');
const scratch = join(packageRoot, '.airlock-tmp', 'readme-examples');

/** The ```ts blocks after the agent heading, in order. */
function agentExamples(): string[] {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Agent runtime'));
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The package's own subpaths point at its sources, as the `source` export condition does. */
function resolveOwnImports(code: string): string {
  return code
    .replaceAll("from '@airlock/core/agent'", `from '${pathToFileURL(join(packageRoot, 'src/agent/index.ts')).href}'`)
    .replaceAll("from '@airlock/core'", `from '${pathToFileURL(join(packageRoot, 'src/index.ts')).href}'`);
}

describe('README agent examples', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const examples = agentExamples();

  it('finds the examples', () => {
    if (examples.length < 2) throw new Error(`Expected the agent examples in README.md, found ${examples.length}.`);
  });

  for (const [index, code] of examples.entries()) {
    it(`example ${index + 1} runs and its assertions hold`, async () => {
      const file = join(scratch, `example-${index + 1}.ts`);
      writeFileSync(file, `${resolveOwnImports(code)}\nexport {};\n`);
      await import(/* @vite-ignore */ pathToFileURL(file).href);
    });
  }
});
