/**
 * Runs the README's example of the shipped contracts (the first ```ts block of
 * its "Shipped contracts" section) against the sources and checks the results
 * its comments promise: `result.data →` an object literal, `result.interventions →`
 * the rules (`×n` repeats one). A stale example fails here, not in a reader's hands.
 */
import { readFileSync } from 'node:fs';
import * as core from '@airlock/core';
import { describe, expect, it } from 'vitest';
import * as pack from './index.js';

const README = new URL('../../../README.md', import.meta.url);

/** The first ```ts block after the pack's heading. */
function packExample(): string {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf('### Shipped contracts (`@airlock/contracts`)');
  expect(start, 'README has the pack section').toBeGreaterThanOrEqual(0);
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(readme.slice(start));
  expect(block, 'the pack section has a ts example').not.toBeNull();
  return block![1]!;
}

/** The names an import line brings in from `from`, e.g. `beadStatus` from '@airlock/contracts'. */
function imported(code: string, from: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/^import \{([^}]*)\} from '([^']+)';$/gm)) if (m[2] === from) names.push(...m[1]!.split(',').map((n) => n.trim()).filter((n) => n !== ''));
  return names;
}

/** `a, b ×2` → ['a', 'b', 'b']. */
function rulesOf(list: string): string[] {
  return list.split(',').flatMap((item) => {
    const m = /^\s*(\w+)(?:\s*×(\d+))?\s*$/.exec(item);
    expect(m, `rule list item "${item}"`).not.toBeNull();
    return Array.from({ length: Number(m![2] ?? 1) }, () => m![1]!);
  });
}

describe('README example of the shipped contracts', () => {
  it('gives the data and the interventions its comments show', () => {
    const code = packExample();
    const fromCore = imported(code, '@airlock/core');
    const fromPack = imported(code, '@airlock/contracts');
    const scope: Record<string, unknown> = {};
    for (const name of fromCore) scope[name] = (core as Record<string, unknown>)[name];
    for (const name of fromPack) scope[name] = (pack as Record<string, unknown>)[name];
    for (const [name, value] of Object.entries(scope)) expect(value, `${name} is exported`).toBeDefined();

    const body = code.replace(/^import .*$/gm, '');
    const result = new Function(...Object.keys(scope), `${body}\nreturn result;`)(...Object.values(scope)) as core.ParseResult<unknown>;

    const data = /^\/\/ result\.data → (.*)$/m.exec(code);
    const rules = /^\/\/ result\.interventions → (.*)$/m.exec(code);
    expect(data !== null && rules !== null, 'the example states data and interventions').toBe(true);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toEqual(new Function(`return (${data![1]});`)());
    expect(result.interventions.map((i) => i.rule).sort()).toEqual(rulesOf(rules![1]!).sort());
  });
});
