import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsDepth, jsonTextTooShallow, tooShortToNest } from './nesting-depth.js';

/** Reference depth by plain recursion (only on small generated values). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce((max: number, child) => Math.max(max, depthOf(child)), 0);
}

describe('exceedsDepth', () => {
  it('counts arrays and objects as levels', () => {
    expect(exceedsDepth(1, 0)).toBe(false);
    expect(exceedsDepth([], 0)).toBe(true);
    expect(exceedsDepth({ a: { b: [1] } }, 3)).toBe(false);
    expect(exceedsDepth({ a: { b: [1] } }, 2)).toBe(true);
  });

  it('agrees with the recursive depth, by both walks', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        expect(exceedsDepth(value, max)).toBe(depthOf(value) > max);
        // A bound above the recursive walk's limit takes the iterative walk: same answer.
        expect(exceedsDepth(value, max + 5000)).toBe(false);
      }),
    );
  });

  it('walks a 100,000-deep value without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(exceedsDepth(deep, 1000)).toBe(true);
    expect(exceedsDepth(deep, 200_000)).toBe(false);
  });

  it('lets short texts skip the walk', () => {
    expect(tooShortToNest('[]'.repeat(1000), 1000)).toBe(true);
    expect(tooShortToNest('['.repeat(1001) + ']'.repeat(1001), 1000)).toBe(false);
  });
});

/** `{"":{"":…{}…}}`, `depth` objects deep: the shortest text of that depth without lists. */
function objectChain(depth: number): string {
  return '{"":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

describe('jsonTextTooShallow', () => {
  it('never clears a text whose value nests deeper than the bound', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), fc.boolean(), (value, max, indented) => {
        const text = indented ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        if (jsonTextTooShallow(text, max)) expect(depthOf(value)).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('is exact on the shortest chains of objects, and counts every `[`', () => {
    expect(objectChain(1000).length).toBe(4997);
    expect(jsonTextTooShallow(objectChain(1000), 1000)).toBe(true);
    expect(jsonTextTooShallow(objectChain(1001), 1000)).toBe(false);
    expect(exceedsDepth(JSON.parse(objectChain(1001)), 1000)).toBe(true);
    // Lists take two characters a level: 1,001 of them fit in 2,002.
    expect(jsonTextTooShallow('['.repeat(1001) + ']'.repeat(1001), 1000)).toBe(false);
    // A `[` inside a string counts too: the bound only ever errs toward the walk.
    const text = JSON.stringify({ note: '['.repeat(1000), pad: 'x'.repeat(1500) });
    expect(jsonTextTooShallow(text, 1000)).toBe(false);
    expect(jsonTextTooShallow(JSON.stringify({ list: [1, 2, 3], pad: 'x'.repeat(3000) }), 1000)).toBe(true);
  });
});
