/**
 * The bundle ships no chunk that no entry reaches: chunk names are content hashes, and a
 * rebuild used to leave the previous build's chunks in `dist/chunks` to be packed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../dist/', import.meta.url);
const ENTRIES = ['index.js', 'internal.js', 'scan/index.js', 'schema/index.js', 'agent/index.js'];

/** The chunk files a module imports, as `chunks/chunk-….js` paths relative to dist. */
function chunkImports(file: string): string[] {
  const text = readFileSync(new URL(file, DIST), 'utf8');
  return [...text.matchAll(/chunk-[A-Z0-9]+\.js/g)].map((m) => `chunks/${m[0]}`);
}

describe.skipIf(!existsSync(new URL('index.js', DIST)))('the bundle', () => {
  it('holds only chunks its entries reach', () => {
    const reached = new Set<string>();
    const queue = [...ENTRIES];
    while (queue.length > 0) {
      for (const chunk of chunkImports(queue.pop()!)) {
        if (!reached.has(chunk)) {
          reached.add(chunk);
          queue.push(chunk);
        }
      }
    }
    const shipped = readdirSync(new URL('chunks/', DIST)).filter((name) => name.endsWith('.js')).map((name) => `chunks/${name}`);
    expect(shipped.filter((chunk) => !reached.has(chunk))).toEqual([]);
    expect(reached.size).toBeGreaterThan(0);
  });
});
