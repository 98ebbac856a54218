import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { createPartialParser } from './partial-parser.js';
import type { PartialParseResult } from './partial-result.js';

/** A text cut at arbitrary points (sorted, deduplicated), every piece pushed in order. */
function cut(text: string, points: readonly number[]): string[] {
  const at = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const p of at) {
    chunks.push(text.slice(from, p));
    from = p;
  }
  chunks.push(text.slice(from));
  return chunks;
}

/** JSON text of a value, compact or indented. */
const jsonText = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2, '\t')).map(([value, indent]) => JSON.stringify(value, null, indent));

/** Text biased toward what the reader must survive: cut tokens, escapes, comments, prose, surrogates. */
const hostileText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('{', '}', '[', ']', '"', "'", '\\', '\\u00', ':', ',', '/*', '*/', '//', '\n', 'tru', 'null', '-1.5e', '```json\n', 'Sure: ', '\ud800', 'True', 'key')), { maxLength: 40 })
  .map((parts) => parts.join(''));

const review = z.object({ title: z.string(), tags: z.array(z.string()).default([]), issues: z.array(z.object({ id: z.string(), line: z.number().optional() })) });

function plain(result: PartialParseResult<unknown>): unknown {
  return JSON.parse(JSON.stringify(result)) as unknown;
}

describe('createPartialParser properties', () => {
  it('after the last chunk, gives what safeParse gives for the whole text, however it was cut', () => {
    fc.assert(
      fc.property(fc.oneof(jsonText, hostileText), fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom<Parameters<typeof safeParse>[1]>(z.unknown(), review), (text, points, contract) => {
        const parser = createPartialParser(contract);
        for (const chunk of cut(text, points)) parser.push(chunk);
        expect(plain(parser.result)).toEqual(plain(safeParse(text, contract, { partial: true }) as PartialParseResult<unknown>));
      }),
      { numRuns: 500 },
    );
  });

  it('gives a classified result after every chunk, never a throw', () => {
    fc.assert(
      fc.property(hostileText, fc.array(fc.nat(), { maxLength: 12 }), (text, points) => {
        const parser = createPartialParser(review);
        for (const chunk of cut(text, points)) {
          const result = parser.push(chunk);
          expect(typeof result.success).toBe('boolean');
          if (!result.success) expect(result.failure).toMatch(/^[a-z_]+$/);
        }
        expect(typeof parser.end().success).toBe('boolean');
      }),
      { numRuns: 400 },
    );
  });

  it('reads any prefix of valid JSON without a syntax failure, and the whole text complete and untouched', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const parser = createPartialParser(z.unknown());
        for (let k = 0; k < text.length; k++) {
          const result = parser.push(text[k]!);
          if (!result.success) expect(result.failure, text.slice(0, k + 1)).toBe('truncated');
        }
        const last = parser.end();
        expect(last.success && last.complete).toBe(true);
        if (last.success) {
          expect(last.data).toEqual(JSON.parse(text));
          expect(last.interventions).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('grows a value only by what the text adds: each complete member stays as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 8 }), (items) => {
        const text = JSON.stringify(items);
        // Compared with what the text says (JSON has no -0).
        const expected = JSON.parse(text) as unknown[];
        const parser = createPartialParser(z.array(z.unknown()));
        let seen = 0;
        for (const ch of text) {
          const result = parser.push(ch);
          if (!result.success) continue;
          const list = result.data as unknown[];
          const complete = result.complete ? list.length : list.length - (result.states[`[${list.length - 1}]`] === undefined ? 0 : 1);
          expect(list.slice(0, complete)).toEqual(expected.slice(0, complete));
          expect(complete).toBeGreaterThanOrEqual(seen);
          seen = complete;
        }
      }),
      { numRuns: 200 },
    );
  });
});
