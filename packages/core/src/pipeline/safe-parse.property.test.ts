import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../index.js';

/** Strings biased toward what breaks scanners: fences, tags, prefixes, ESC, surrogates. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('```', '```json\n', '\n```\n', '<OUTPUT>', '</OUTPUT>', '[assistant] ', '\n', '{', '}', '[', ']', '"', '\\', '\u001b[0m', '\u001b]0;t\u0007', '\u001b[201~', '\ud800', '\udfff', '\u0000', 'key: v\n', '- x\n'),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('safeParse properties', () => {
  it('never throws and always returns a classified result, for any string', () => {
    const schema = z.object({ a: z.number() });
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = safeParse(text, schema);
        expect(typeof result.success).toBe('boolean');
        if (!result.success) expect(result.failure).toMatch(/^[a-z_]+$/);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on non-string input', () => {
    for (const input of [undefined, null, 42, {}, [], Symbol('x')]) {
      expect(safeParse(input, z.unknown()).success).toBe(false);
    }
  });

  it('returns any JSON value untouched, with zero interventions', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const result = safeParse(text, z.unknown());
        expect(result.success).toBe(true);
        if (result.success) {
          expect(result.data).toEqual(JSON.parse(text));
          expect(result.interventions).toEqual([]);
          expect(result.repairApplied).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps __proto__ and constructor keys as plain data without polluting prototypes', () => {
    const result = safeParse('Here: {"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}', z.record(z.string(), z.unknown()));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(result.success).toBe(true);
  });
});
