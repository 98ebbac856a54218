import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, sep } from 'node:path';

/** One fixture input: its path relative to packages/core/src and its byte-exact text. */
export interface FixtureInput {
  name: string;
  text: string;
}

const CORE_SRC = fileURLToPath(new URL('../../../core/src/', import.meta.url));

/**
 * Every `fixtures/**\/input.txt` under packages/core/src, read at test time so fixtures
 * added later are covered without touching this package.
 *
 * @example
 * describe.each(loadScannerFixtures())('$name', ({ text }) => { ... });
 */
export function loadScannerFixtures(): FixtureInput[] {
  const names = readdirSync(CORE_SRC, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.split(sep).includes('fixtures') && p.endsWith(`${sep}input.txt`))
    .sort();
  return names.map((name) => ({ name, text: readFileSync(join(CORE_SRC, name), 'utf8') }));
}
