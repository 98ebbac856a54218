import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFormat, hasJsonLineStart } from './detect-format.js';

describe('detectFormat', () => {
  it.each([
    ['a: 1\nb: 2', undefined, 'yaml'],
    ['- id: a\n- id: b', undefined, 'yaml'],
    ['# comment\n---\nbeads:\n  - id: a', undefined, 'yaml'],
    ['Draft 1:\n  total_score: 3', undefined, 'yaml'],
    ['{"a":1}', undefined, 'json'],
    ['[1, 2]', undefined, 'json'],
    ['{"a":1}', 'yaml', 'json'],
    ['  [{"a":1}]', 'yml', 'json'],
    ['{a: 1}', 'yaml', 'yaml'],
    ['[a, b]', 'yaml', 'yaml'],
    ['a: 1', 'json', 'json'],
    ['Result:\n{"a": 1}', undefined, 'json'],
    ['Here is the result: {"a": 1}', undefined, 'json'],
    ['Sure, here it is\nbeads:\n  - id: a', undefined, 'yaml'],
    ['just some prose', undefined, 'json'],
  ] as const)('%j (fence %s) → %s', (text, fence, expected) => {
    expect(detectFormat(text, fence)).toBe(expected);
  });
});

describe('detectFormat on prose around a JSON root', () => {
  it('sends prose + a JSON object on its own lines to the JSON path even when the prose has `Note:` lines', () => {
    expect(detectFormat('Here is the result:\n<FINAL_ANSWER>\n{\n  "a": 1\n}\n</FINAL_ANSWER>\nNote: I did not run the tests.')).toBe('json');
    expect(detectFormat('Summary below.\n[\n  {"a": 1}\n]\nNote: done')).toBe('json');
  });
  it('keeps prose + YAML on the YAML path', () => {
    expect(detectFormat('Here is the review.\nsummary: ok\nverdict: approve\nNote: done')).toBe('yaml');
  });
});

describe('hasJsonLineStart', () => {
  /** The multiline pattern it replaces: the reference it must agree with on any text. */
  const JSON_LINE_START = /^[ \t]*(?:\{[ \t]*(?:"|\}|\r?$)|\[[ \t]*(?:[[{"\]\d-]|\r?$))/m;

  it.each([
    ['Result:\n  {"a": 1}', true],
    ['Use {"a": 1} here', false],
    ['x\r[1]', true],
    ['x\u2028\t{}', true],
    ['x\n{ \r\n', true],
    ['x\n[ a]', false],
    ['{', true],
    ['a[ [', false],
  ])('%j → %s', (text, expected) => {
    expect(hasJsonLineStart(text)).toBe(expected);
    expect(JSON_LINE_START.test(text)).toBe(expected);
  });

  it('agrees with the multiline pattern on any text of its alphabet', () => {
    const unit = fc.constantFrom('{', '[', ']', '}', '"', ' ', '\t', '\n', '\r', '\u2028', '\u2029', '1', '-', 'a', ':');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(hasJsonLineStart(text)).toBe(JSON_LINE_START.test(text));
      }),
      { numRuns: 20000 },
    );
  });
});
