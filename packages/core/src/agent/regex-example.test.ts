import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexExample } from './regex-example.js';

describe('regexExample', () => {
  it.each([
    [/^Q\d{2,}$/, 'Q11'],
    [/^EPIC-\d+$/, 'EPIC-1'],
    [/^US-\d+-\d+$/, 'US-1-1'],
    [/^Draft \d+$/, 'Draft 1'],
    [/^[0-9a-f]{64}$/, '0'.repeat(64)],
    [/^(?:feat|fix)\/[a-z-]+$/, 'feat/a'],
    [/^v\d+\.\d+(\.\d+)?$/, 'v1.1'],
    [/^[A-Z][A-Z0-9_]*$/, 'A'],
    [/^\w+@\w+\.com$/, 'a@a.com'],
    [/^a|b$/, 'a'],
  ])('%s → %s', (regex, expected) => {
    expect(regexExample(regex)).toBe(expected);
  });

  it.each([/^[^x]+$/, /^(?=a)a$/, /^\bword$/, /^a{2}(?<!a)$/])('gives up on %s', (regex) => {
    expect(regexExample(regex)).toBeUndefined();
  });

  it('property: whatever it returns matches the regex', () => {
    const piece = fc.constantFrom('a', 'Z', '-', '\\d', '\\w', '[a-f]', '[0-9]', '(x|y)', '(?:ab)', '\\.', '.', ' ', '[^q]');
    const quant = fc.constantFrom('', '?', '*', '+', '{2}', '{1,3}', '{3,}');
    const source = fc.array(fc.tuple(piece, quant).map(([p, q]) => p + q), { maxLength: 6 }).map((parts) => `^${parts.join('')}$`);
    fc.assert(
      fc.property(source, (src) => {
        const regex = new RegExp(src);
        const text = regexExample(regex);
        return text === undefined || regex.test(text);
      }),
    );
  });
});
