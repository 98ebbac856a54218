import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';

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
