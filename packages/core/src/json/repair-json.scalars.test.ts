/**
 * Scalar-level repairs: unquoted object values that hold commas,
 * line breaks and brackets; values opening with `/`; numbers with underscores or
 * slashes. Each rule has positive cases, near misses it must leave to the plain
 * rules, and a profile that can deny it.
 */
import { describe, expect, it } from 'vitest';
import { deniedInterventions } from '../pipeline/repair-profile.js';
import { repairJson } from './repair-json.js';

function repaired(text: string): { value: unknown; rules: string[] } {
  const r = repairJson(text);
  expect(r.ok, r.ok ? '' : r.error).toBe(true);
  return r.ok ? { value: r.value, rules: r.interventions.map((i) => i.rule) } : { value: undefined, rules: [] };
}

describe('unquoted object values run to a delimiter that can end them', () => {
  it.each([
    ['{signature: async function f(page: number, sort: string), next: 1}', { signature: 'async function f(page: number, sort: string)', next: 1 }],
    ['{sig: f(a, b), next: 1}', { sig: 'f(a, b)', next: 1 }],
    ['{text:words{words in brackets}}', { text: 'words{words in brackets}' }],
    ['{text:words{words in brackets}m}', { text: 'words{words in brackets}m' }],
    ['{"tags": red, green and blue}', { tags: 'red, green and blue' }],
    ['{"note": first line\n  second line\n"b": 1}', { note: 'first line\n  second line', b: 1 }],
    ['{"type": Array<[number, string]>, "n": 2}', { type: 'Array<[number, string]>', n: 2 }],
  ])('%j', (input, value) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules).toContain('unquoted_text_spanned');
  });

  it('records the whole value in one edit with its exact span', () => {
    const r = repairJson('{"sig": f(a, b), "n": 1}');
    expect(r.ok && r.interventions.map((i) => [i.rule, i.span, i.before, i.after])).toEqual([
      ['unquoted_text_spanned', [8, 15], 'f(a, b)', '"f(a, b)"'],
    ]);
  });

  it.each([
    // A `,` or line break before a `key:`, a quote or a closer ends the value (plain rule, nothing spanned).
    ['{a: Hi friends!, b: 2}', { a: 'Hi friends!', b: 2 }, ['unquoted_key', 'unquoted_string', 'unquoted_key']],
    ['{a: hello\n  b: 1}', { a: 'hello', b: 1 }, ['unquoted_key', 'unquoted_string', 'missing_comma', 'unquoted_key']],
    ['{"a": x, "b": [1, 2]}', { a: 'x', b: [1, 2] }, ['unquoted_string']],
    ['{"a": see, http://x.org}', { a: 'see, http://x.org' }, ['unquoted_text_spanned']],
    // Array items and keys keep the plain reading: a comma always separates them.
    ['[red, green]', ['red', 'green'], ['unquoted_string', 'unquoted_string']],
    // Brackets that never balance: the plain reading, as before.
    ['{a: (x, b: (y), c: 1}', { a: '(x', b: '(y)', c: 1 }, ['unquoted_key', 'unquoted_string', 'unquoted_key', 'unquoted_string', 'unquoted_key']],
    // A wrapper call keeps being unwrapped.
    ['{"_id": ObjectId("1"), "d": ISODate("2012-12-19")}', { _id: '1', d: '2012-12-19' }, Array(4).fill('function_call_unwrapped')],
    ['{a: fn({"b": 1})}', { a: { b: 1 } }, ['unquoted_key', 'function_call_unwrapped', 'function_call_unwrapped']],
  ])('leaves the plain rules to %j', (input, value, rules) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules).toEqual(rules);
  });
});

describe('values opening with a slash', () => {
  it.each([
    ['{"path": /usr/bin}', { path: '/usr/bin' }, ['unquoted_string']],
    ['{"path": /usr}', { path: '/usr' }, ['unquoted_string']],
    ['{"p": /a, "b": 2}', { p: '/a', b: 2 }, ['unquoted_string']],
    ['[/usr/bin, /a/gi]', ['/usr/bin', '/a/gi'], ['unquoted_string', 'regex_literal_quoted']],
    ['{regex: /standalone-styles.css/}', { regex: '/standalone-styles.css/' }, ['unquoted_key', 'regex_literal_quoted']],
    ['/foo"; console.log(-1); "/', '/foo"; console.log(-1); "/', ['regex_literal_quoted']],
  ])('%j', (input, value, rules) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules).toEqual(rules);
  });

  it.each(['/', '{"pattern": /}', '[/ ]'])('refuses a lone slash: %j', (input) => {
    expect(repairJson(input)).toMatchObject({ ok: false, failure: 'syntax' });
  });
});

describe('numbers with underscores or slashes', () => {
  it.each([
    ['{"n": 82_461_110}', { n: 82461110 }, ['number_underscores']],
    ['{"value": 1_234.5_6}', { value: 1234.56 }, ['number_underscores']],
    ['[+1_000, -2_5e1_0]', [1000, -25e10], ['number_plus_sign', 'number_underscores', 'number_underscores']],
    ['{"key": 1/3, "foo": "bar"}', { key: '1/3', foo: 'bar' }, ['number_fraction_quoted']],
    ['{"key": 12345/67890}', { key: '12345/67890' }, ['number_fraction_quoted']],
    ['[1/3, 12/31/2024]', ['1/3', '12/31/2024'], ['number_fraction_quoted', 'number_fraction_quoted']],
    ['1/3', '1/3', ['number_fraction_quoted']],
  ])('%j', (input, value, rules) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules).toEqual(rules);
  });

  it('records the underscores as one edit from the first to the last', () => {
    const r = repairJson('[82_461_110]');
    expect(r.ok && r.interventions.map((i) => [i.span, i.before, i.after])).toEqual([[[3, 8], '_461_', '461']]);
  });

  it.each([
    // Not numbers JSON can spell: kept as text, digits and all.
    ['[0_1]', ['0_1']],
    ['[1__0]', ['1__0']],
    ['[1_]', ['1_']],
    ['[1_0.e5_0]', ['1_0.e5_0']],
    // `//` after a number is a comment, not a fraction.
    ['[1//c\n]', [1]],
  ])('leaves %j to the other rules', (input, value) => {
    const r = repaired(input);
    expect(r.value).toEqual(value);
    expect(r.rules).not.toContain('number_underscores');
    expect(r.rules).not.toContain('number_fraction_quoted');
  });
});

describe('valid JSON and profiles', () => {
  it.each([
    '{"a": "1/3", "b": "82_461_110", "c": "/usr/bin", "d": "f(a, b), g"}',
    '{"a": [1, 2], "b": {"c": "x, y"}, "d": -1.5e3}',
    '[0.5, "x,\\ny", {"k": [{"z": null}]}]',
  ])('passes %j untouched', (input) => {
    const r = repairJson(input);
    expect(r.ok && r.interventions).toEqual([]);
    expect(r.ok && r.value).toEqual(JSON.parse(input));
  });

  it.each(['unquoted_text_spanned', 'number_underscores', 'number_fraction_quoted', 'parser_fix'] as const)('a profile can deny %s', (rule) => {
    const r = repairJson('{"a": f(x, y), "b": 1_000, "c": 1/3}');
    expect(r.ok).toBe(true);
    if (r.ok) expect(deniedInterventions(r.interventions, { deny: [rule] }).length).toBeGreaterThan(0);
  });
});
