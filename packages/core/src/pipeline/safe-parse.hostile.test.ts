/**
 * Hostile input at the boundary: nesting far past `maxDepth` on every parse path, and the
 * deterministic work budget. The deep inputs run in a child process, so a fatal V8 error
 * (which no try/catch stops) fails the test instead of killing the test runner, and once
 * more on a worker thread with a larger stack: the verdict must not depend on the thread.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../index.js';

const CHILD = fileURLToPath(new URL('./test-support/deep-input-child.ts', import.meta.url));

describe('safeParse on hostile input', () => {
  it('ends 100,000-deep JSON and YAML with one failure, the same inline and on a worker', () => {
    const child = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const { inline, threaded } = JSON.parse(child.stdout) as { inline: Record<string, Record<string, string>>; threaded: unknown };
    expect(threaded).toEqual(inline);
    for (const run of Object.values(inline)) {
      for (const [name, text] of Object.entries(run)) {
        const result = JSON.parse(text) as { success: boolean; failure?: string; extractionError?: string };
        expect({ name, success: result.success }).toEqual({ name, success: false });
        expect(result.extractionError).toMatch(/nest/i);
      }
    }
  }, 150_000);

  it('keeps maxDepth on the clean fast path', () => {
    const deep = '['.repeat(50) + ']'.repeat(50);
    expect(safeParse(deep, z.unknown()).success).toBe(true);
    const refused = safeParse(deep, z.unknown(), { maxDepth: 10 });
    expect(refused.success).toBe(false);
    expect(refused.success === false && refused.extractionError).toMatch(/deeper than 10 levels/);
  });

  it('stops a candidate past the work budget, the same way every time', () => {
    // YAML that only the repair loop reads: one key repeated on every line.
    const text = 'title: fix <T> now\n'.repeat(400);
    expect(safeParse(text, z.unknown()).success).toBe(true);
    const stopped = safeParse(text, z.unknown(), { budget: 1 });
    expect(stopped.success).toBe(false);
    expect(stopped.success === false && stopped.extractionError).toMatch(/work budget of \d+ units \(1 per character/);
    expect(safeParse(text, z.unknown(), { budget: 1 })).toEqual(stopped);
    // A raised budget changes nothing where the default sufficed.
    expect(safeParse(text, z.unknown(), { budget: 1000 })).toEqual(safeParse(text, z.unknown()));
  });

  it('counts a parse by yaml at four units per character, and a stopped candidate still names its yaml error', () => {
    // 10 KB the fast loader declines without a verdict (a flow list over two lines), so yaml reads it.
    const keys = Array.from({ length: 1000 }, (_, i) => `key${i}: value ${i}`).join('\n');
    const text = `${keys}\nlist: [1,\n2]\n  bad: [`;
    // 5 units per character: the first reading (1 + 3 for yaml) fits, the repair passes do not.
    const stopped = safeParse(text, z.unknown(), { budget: 5 });
    expect(stopped.success === false && stopped.extractionError).toMatch(/^YAML: .+ \(line \d+\)\. Parsing stopped: the work budget of \d+ units \(5 per character/);
    // At 3 units per character yaml is never asked: the budget stops the first reading.
    const early = safeParse(text, z.unknown(), { budget: 3 });
    expect(early.success === false && early.extractionError).toMatch(/^Parsing stopped: the work budget/);
  });

  /** The bench's adversarial families (the bench grows the same ones to 4 MB and times them). */
  const families: Record<string, (i: number) => string> = {
    genericTagLines: () => 'title: fix <T> now\n',
    genericTagItems: (i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo: now\n`,
    manyColons: () => 'key: value: with: many: colons\n',
    dashChains: () => '- - - a:\n',
    oneTab: (i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo\n${i === 2_000 ? '\t  bad: tab\n' : ''}`,
    unclosedEnvelopes: (i) => `<OUTPUT${i % 50}>\nkey: value\n`,
  };

  /** `size` characters of a family; item lists get their parent key first. */
  function grow(name: string, size: number): string {
    let text = name === 'genericTagItems' || name === 'oneTab' ? 'tasks:\n' : '';
    for (let i = 0; text.length < size; i++) text += families[name]!(i);
    return text;
  }

  // Linear work, counted: each family reads the same at a budget of 12 units per character
  // as with the default, at 16 KB and at 16 times that (a quadratic step would need more).
  it.each(Object.keys(families))('parses the %s family within 12 units of work per character', (name) => {
    for (const size of [16 * 1024, 256 * 1024]) {
      const text = grow(name, size);
      expect(safeParse(text, z.unknown(), { budget: 12 })).toEqual(safeParse(text, z.unknown()));
    }
  });

  it('records 200,000 repairs of one output without overflowing the stack', () => {
    const items = Array.from({ length: 200_000 }, () => ({ level: 'HIGH' }));
    const result = safeParse(JSON.stringify({ items }), z.object({ items: z.array(z.object({ level: z.enum(['high', 'low']) })) }));
    expect(result.success).toBe(true);
    expect(result.interventions.length).toBeGreaterThanOrEqual(200_000);
  });
});
