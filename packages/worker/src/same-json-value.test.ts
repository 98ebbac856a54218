import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJsonValue } from './same-json-value.js';

/** JSON text with object keys sorted: equal texts mean equal values, key order aside. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

describe('sameJsonValue', () => {
  it('agrees with comparing canonical JSON texts', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameJsonValue(a, b)).toBe(canonical(a) === canonical(b));
        expect(sameJsonValue(a, structuredClone(a))).toBe(true);
      }),
    );
  });

  it('ignores key order and keys JSON drops, but not types', () => {
    expect(sameJsonValue({ a: 1, b: [true, null] }, { b: [true, null], a: 1 })).toBe(true);
    expect(sameJsonValue({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(sameJsonValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJsonValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJsonValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it('treats non-plain objects and NaN as different unless identical', () => {
    expect(sameJsonValue(new Date(0), new Date(0))).toBe(false);
    expect(sameJsonValue(new Map(), {})).toBe(false);
    expect(sameJsonValue(Number.NaN, Number.NaN)).toBe(false);
    const date = new Date(0);
    expect(sameJsonValue(date, date)).toBe(true);
  });

  it('keeps an own "__proto__" key as data', () => {
    expect(sameJsonValue(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}'))).toBe(true);
    expect(sameJsonValue(JSON.parse('{"__proto__":{"x":1}}'), {})).toBe(false);
  });
});
