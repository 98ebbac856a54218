/**
 * The string rules: unescaped quotes inside an object value, escapes JSON lacks
 * keeping their backslash, and a code fence ending a string left open. Fixtures with whole
 * model outputs are in ./fixtures (unescaped-quotes-*, invalid-escape-*, fence-*).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { deniedInterventions } from '../pipeline/repair-profile.js';
import { applyEdits } from './apply-edits.js';
import type { JsonCode } from './codes.js';
import { repairJson } from './repair-json.js';

/** Repairs `text`, checks the edits rebuild the repaired text, and returns value, rules and truncation. */
function repaired(text: string): { value: unknown; rules: string[]; truncated: boolean } {
  const r = repairJson(text);
  expect(r.ok, r.ok ? '' : r.error).toBe(true);
  if (!r.ok) throw new Error(r.error);
  expect(applyEdits(text, r.interventions)).toBe(r.text);
  return { value: r.value, rules: r.interventions.map((i) => i.rule), truncated: r.truncated };
}

describe('quotes inside an object value', () => {
  it.each([
    // A comma after the quote is followed by prose, not by a member: the quote is text.
    ['{"notes": "Sent a message to the "dictator", waiting"}', { notes: 'Sent a message to the "dictator", waiting' }],
    ['{"a": "He said "hi", "bye" and left", "b": 1}', { a: 'He said "hi", "bye" and left', b: 1 }],
    // After a colon inside the value, and before a number: no value ends there.
    ['{"d": "Format: "YYYY-MM-DD"", "b": 1}', { d: 'Format: "YYYY-MM-DD"', b: 1 }],
    ['{"d": "Use "42" here"}', { d: 'Use "42" here' }],
    // JSON quoted inside the value: its quotes, colons and closers are text until the member after it.
    ['{"x": "a, {"k": 1}, "y": 2}', { x: 'a, {"k": 1}', y: 2 }],
    ['{"x": "a, {"k": {"n": 1}}, "y": 2}', { x: 'a, {"k": {"n": 1}}', y: 2 }],
    // A member after the comma: an unquoted key, a numeric key, a key missing its opening quote.
    ['{"a": "say "x", b: 1}', { a: 'say "x', b: 1 }],
    ['{"key": "value", 5: "value"}', { key: 'value', 5: 'value' }],
    // Inline code quoting a word: the quote before the closing backtick is text.
    ['{"message": "use `"strict"` mode"}', { message: 'use `"strict"` mode' }],
    ['{"a": "`"x"`", "b": 1}', { a: '`"x"`', b: 1 }],
  ])('%s', (input, value) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules.every((rule) => ['unescaped_quote_escaped', 'missing_closing_quote', 'unquoted_key'].includes(rule))).toBe(true);
  });

  it('ends the value at a quote followed by a member, a closer, a line break, a comment or the end', () => {
    expect(repaired('{"a": "x", b: 1}').value).toEqual({ a: 'x', b: 1 });
    expect(repaired('{"a": "x",\n"b": 2}').rules).toEqual([]);
    expect(repaired('{"a": "x"\n"b": 2}').value).toEqual({ a: 'x', b: 2 });
    expect(repaired('{"a": "x" # note\n}').value).toEqual({ a: 'x' });
    expect(repaired('{"a": "x", "b": "cut off').value).toEqual({ a: 'x', b: 'cut off' });
    expect(repaired('[{"a": "x", {"b": 1}]').value).toEqual([{ a: 'x' }, { b: 1 }]);
    // Long keys are not read to their end: the quote ends the value, as it did before.
    const key = 'k'.repeat(200);
    expect(repaired(`{"a": "x", "${key}" y}`).value).toMatchObject({ a: 'x' });
  });

  it('keeps a quotation inside a value whose end quote never came', () => {
    // Read to its delimiter, the value keeps `"hi"` as text: both quotes escaped, the end quote inserted.
    const r = repaired('{"a": "he said "hi" ok}');
    expect(r.value).toEqual({ a: 'he said "hi" ok' });
    expect(r.rules).toEqual(['missing_closing_quote']);
    expect(repaired('{"key": "lorem ipsum ... "sic " tamet. ...}').value).toEqual({ key: 'lorem ipsum ... "sic " tamet. ...' });
    // A quote whose pair is followed by a colon opens the next key; one before a delimiter ends the value.
    expect(repaired('{"a": "x "b": 2}').value).toEqual({ a: 'x ', b: 2 });
    expect(repaired('{"a": "x, "b": 2}').value).toEqual({ a: 'x', b: 2 });
  });

  it('ends the value before the next member when only its comma is missing', () => {
    expect(repaired('{artifact: "review" summary: "It isn\'t set.", n: 1}').value).toEqual({ artifact: 'review', summary: "It isn't set.", n: 1 });
    expect(repaired('{"a": "b" c: 1}').rules).toContain('missing_comma');
    // No space before the word: a string missing its end quote (`"b,"c": 1`), as before.
    expect(repaired('{"a":"b,"c":"d"}').value).toEqual({ a: 'b', c: 'd' });
  });

  it('ends a list item before the next quoted item when only the comma between them is missing', () => {
    expect(repaired('["Yes","No","Only for admins" "Not sure yet"]').value).toEqual(['Yes', 'No', 'Only for admins', 'Not sure yet']);
    expect(repaired('{"o": ["a.", "b." "c."]}').value).toEqual({ o: ['a.', 'b.', 'c.'] });
  });

  it('keeps the generic end test in arrays and keys', () => {
    expect(repaired('["a "b", "c"]').value).toEqual(['a "b', 'c']);
    expect(repaired('["a "b" c", "d"]').value).toEqual(['a "b" c', 'd']);
  });

  it('leaves valid JSON untouched, whatever its strings hold', () => {
    const piece = fc.constantFrom('"', ', ', ': ', '{', '}', '[', ']', '\\', 'a', '5', ' ', '```\n', ', b: ', ', "k": ', '#');
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.array(text, { maxLength: 3 })), { maxKeys: 4 }), (obj) => {
        for (const json of [JSON.stringify(obj), JSON.stringify(obj, null, 2)]) {
          const r = repairJson(json);
          expect(r.ok && r.interventions).toEqual([]);
          expect(r.ok && r.value).toEqual(obj);
        }
      }),
      { numRuns: 300, seed: 41 },
    );
  });
});

describe('escapes JSON does not have', () => {
  it.each([
    ['"^\\s*path\\("', '^\\s*path\\(', ['lone_backslash_escaped']],
    ['"x \\le y, \\alpha"', 'x \\le y, \\alpha', ['lone_backslash_escaped']],
    ['"C:\\Program Files\\x64"', 'C:\\Program Files\\x64', ['lone_backslash_escaped']],
    // The backslash only escaped a quote, or stands for a C control escape on its own: dropped.
    ['"it\\\'s"', "it's", ['invalid_escape']],
    ['"\\a"', 'a', ['invalid_escape']],
    ['"a\\v b"', 'av b', ['invalid_escape']],
  ])('%s', (input, value, rules) => {
    const r = repaired(input);
    expect(r.value).toBe(value);
    expect(r.rules).toEqual(rules);
  });

  it('keeps valid escapes as they are and still refuses a broken \\u escape', () => {
    expect(repaired('"a\\\\s\\n\\u0041\\/"').rules).toEqual([]);
    expect(repairJson('"\\uZ000"').ok).toBe(false);
  });
});

describe('a code fence after a string left open', () => {
  it('ends the string before the bare fence line, closed as truncated, the fence and what follows trimmed', () => {
    const r = repairJson('{"a": "hello\n```\nLet me know if "this" helps, or not.');
    expect(r.ok && r.value).toEqual({ a: 'hello' });
    expect(r.ok && r.truncated).toBe(true);
    const trim = r.ok ? r.interventions.find((i) => i.rule === 'unclosed_string_fence_trimmed') : undefined;
    expect(trim?.before).toBe('\n```\nLet me know if "this" helps, or not.');
    expect(trim?.category).toBe('cleanup');
    expect(repaired('["a", "b\n  ```  \n').value).toEqual(['a', 'b']);
  });

  it('ends the string at a closer right before the fence, as at the end of the text', () => {
    // `"value}` then the fence reads as `"value"}` (the same as without the fence), not as a cut-off `value}`.
    const r = repaired('{"key": "value}\n```');
    expect(r.value).toEqual({ key: 'value' });
    expect(r.rules).toEqual(['missing_closing_quote', 'code_fence_trimmed']);
    expect(r.truncated).toBe(false);
    expect(repaired('{"a": ["x", "value]}\n```\n').value).toEqual({ a: ['x', 'value'] });
    // A delimiter earlier in the string: it is closed as cut off before the fence, as before.
    expect(repaired('{"key": "a, b}\n```').value).toEqual({ key: 'a, b}' });
  });

  it('keeps fences that are data: a block the string opened, a string that closes', () => {
    expect(repaired('{"a": "see\n```ts\nx()\n```\nok').value).toEqual({ a: 'see\n```ts\nx()\n```\nok' });
    expect(repaired('{"a": "x\n```\ny"}').value).toEqual({ a: 'x\n```\ny' });
    expect(repaired('{"a": "x\n```{}```\ny').value).toEqual({ a: 'x\n```{}```\ny' });
  });
});

describe('a closing quote on its own line', () => {
  it('trims the raw line break (and the spaces around it) before the quote, as its own intervention', () => {
    const r = repairJson('{\n"a": "\n```{}```\n",\n"b": "x\n  line two\n  ",\n"c": "y"}');
    expect(r.ok && r.value).toEqual({ a: '\n```{}```', b: 'x\n  line two', c: 'y' });
    expect(r.ok && r.interventions.map((i) => i.rule)).toEqual([
      'control_character_escaped', 'string_closing_line_break_trimmed', 'control_character_escaped', 'string_closing_line_break_trimmed',
    ]);
  });

  it('leaves escaped line breaks and trailing spaces alone', () => {
    expect(repaired('{"a": "x\\n", "b": "y  "}').rules).toEqual([]);
    expect(repaired('{"a": \'x\\n\'}').value).toEqual({ a: 'x\n' });
  });
});

describe('repair profiles see every string rule', () => {
  it.each<[string, JsonCode]>([
    ['{"notes": "the "x", y"}', 'unescaped_quote_escaped'],
    ['{"re": "\\d+"}', 'lone_backslash_escaped'],
    ['{"a": "hi\n```\nbye', 'unclosed_string_fence_trimmed'],
    ['{"a": "hi\n"}', 'string_closing_line_break_trimmed'],
  ])('%s needs %s', (input, rule) => {
    const r = repairJson(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(deniedInterventions(r.interventions, { deny: [rule] }).map((i) => i.rule)).toContain(rule);
    expect(safeParse(input, z.unknown()).success).toBe(true);
    expect(safeParse(input, z.unknown(), { repair: { deny: [rule] } }).success).toBe(false);
  });
});

describe('one record per repaired string', () => {
  const grouped = (text: string) => {
    const result = repairJson(text);
    return result.ok ? result.interventions.map((i) => [i.rule, i.message, i.span, i.also ?? null]) : result.error;
  };

  it('names the string rule first, counts its repeats, and lists the others in the order met', () => {
    expect(grouped(`{"a": 'it's "x" and\tmore\nlines \\q "y"'}`)).toEqual([
      ['single_quoted_string', 'Replaced the single quotes around a string with double quotes. Also in this string: unescaped_quote_escaped ×4, control_character_escaped ×2, lone_backslash_escaped.', [6, 38], ['unescaped_quote_escaped', 'control_character_escaped', 'lone_backslash_escaped']],
    ]);
    expect(grouped(`{"a": "one "two" three "four" five \\s six\u0001"}`)).toEqual([
      ['unescaped_quote_escaped', 'Escaped a double quote inside a string. 4 of them in this string. Also in this string: lone_backslash_escaped, control_character_escaped.', [6, 43], ['lone_backslash_escaped', 'control_character_escaped']],
    ]);
  });

  it('keeps a truncation close its own record after the group', () => {
    expect(grouped(`{"a": "x", yyyyyyyy "z x", yyyyyyyy "z `)).toEqual([
      ['unescaped_quote_escaped', 'Escaped a double quote inside a string. 4 of them in this string.', [6, 38], null],
      ['truncated_string_closed', 'Closed a string left open at the end of the text (truncated output).', [38, 38], null],
      ['truncated_structure_closed', 'Closed an object or array left open at the end of the text (truncated output).', [38, 38], null],
    ]);
  });
});
