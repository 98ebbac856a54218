/**
 * The structural rules, on real inputs: a stray or missing closer
 * mid-document, a member cut off at the end, a bare word between members, comments
 * holding brackets, a code fence line ending the data, several fenced roots. Each
 * rule has its negatives: valid JSON and near-misses it must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { applyEdits } from './apply-edits.js';
import { JSON_CODE_INFO } from './codes.js';
import { repairJson, type RepairJsonOptions } from './repair-json.js';

type Case = [input: string, value: unknown, rules: string[], options?: RepairJsonOptions];

function expectRepair([input, value, rules, options]: Case): void {
  const r = repairJson(input, options);
  expect(r.ok, r.ok ? '' : r.error).toBe(true);
  if (!r.ok) return;
  expect(r.value).toEqual(value);
  expect(r.interventions.map((i) => i.rule)).toEqual(rules);
  expect(applyEdits(input, r.interventions)).toBe(r.text);
  for (const i of r.interventions) {
    if (i.rule in JSON_CODE_INFO) expect(i.category).toBe(JSON_CODE_INFO[i.rule as keyof typeof JSON_CODE_INFO].category);
  }
}

describe('a stray or missing closer mid-document', () => {
  it.each<Case>([
    ['{"a": 1}, "b": 2}', { a: 1, b: 2 }, ['stray_closing_bracket_skipped']],
    ['{"key": "value"}, "" : "value2"}', { key: 'value', '': 'value2' }, ['stray_closing_bracket_skipped']],
    ['{"a": 1} "b": 2}', { a: 1, b: 2 }, ['missing_comma', 'stray_closing_bracket_skipped']],
    // A list missing its `]`: the object's `}` closes both, and the root would end before `summary`.
    ['{"sections": [{"t": 1}, {"t": 2}}, "summary": "x"}', { sections: [{ t: 1 }, { t: 2 }], summary: 'x' }, ['missing_closing_bracket', 'stray_closing_bracket_skipped']],
    // Inside an array: an element's extra `}` closes nothing.
    ['[{"k": 1}}, {"k": 2}]', [{ k: 1 }, { k: 2 }], ['stray_closing_bracket_skipped']],
    ['[{"a": 1}, "b": 2}]', [{ a: 1, b: 2 }], ['stray_closing_bracket_skipped']],
    ['{"a": 1], "b": 2}', { a: 1, b: 2 }, ['stray_closing_bracket_skipped']],
  ])('%j', (...c) => expectRepair(c));

  it('records the members it cannot place as dropped, never as prose', () => {
    expectRepair(['{"a": 1}}, "b": 2}', { a: 1 }, ['extra_closing_bracket', 'root_continuation_dropped']]);
    const r = safeParse('{"a": 1}}, "b": 2}', z.unknown());
    expect(r.success && r.interventions.map((i) => [i.rule, i.category])).toEqual([['root_continuation_dropped', 'dropped']]);
  });

  it('safeParse keeps the members after a root that ended early', () => {
    const r = safeParse('{"key1": "value1"}, "key2": "value2", "key3": "value3"}', z.object({ key1: z.string(), key2: z.string(), key3: z.string() }));
    expect(r.success && r.data).toEqual({ key1: 'value1', key2: 'value2', key3: 'value3' });
    expect(r.success && r.interventions.map((i) => i.rule)).toEqual(['stray_closing_bracket_skipped']);
  });

  it('a profile can refuse it', () => {
    const r = safeParse('{"a": 1}, "b": 2}', z.object({ a: z.number(), b: z.number() }), { repair: { deny: ['stray_closing_bracket_skipped'] } });
    expect(r.success).toBe(false);
  });

  it.each<Case>([
    // Valid JSON: a `}` followed by a member inside an object is just the end of a nested value.
    ['{"a": {"x": 1}, "b": 2}', { a: { x: 1 }, b: 2 }, []],
    ['[{"a": 1}, "b"]', [{ a: 1 }, 'b'], []],
    // A second root is no member: not joined without NDJSON.
    ['{"a": 1}, {"b": 2}', { a: 1 }, ['trailing_comma', 'trailing_prose_trimmed']],
    // Prose mentioning a key is no member either.
    ['{"a": 1} and then b: 2', { a: 1 }, ['trailing_prose_trimmed']],
    ['[1, 2}', [1, 2], ['mismatched_closing_bracket']],
  ])('leaves alone %j', (...c) => expectRepair(c));
});

describe('a member cut off at the end is dropped, not invented', () => {
  it.each<Case>([
    ['{"key": ', {}, ['truncated_structure_closed', 'truncated_member_dropped']],
    ['{"a": 1, "b":', { a: 1 }, ['truncated_structure_closed', 'truncated_member_dropped']],
    ['{"a": 1, "b', { a: 1 }, ['truncated_structure_closed', 'truncated_member_dropped']],
    ['{"', {}, ['truncated_structure_closed', 'truncated_member_dropped']],
    ['{"a": {"b": ', { a: {} }, ['truncated_structure_closed', 'truncated_structure_closed', 'truncated_member_dropped']],
    ['[- ', [], ['truncated_structure_closed', 'truncated_member_dropped']],
    ['[1, tr', [1], ['truncated_structure_closed', 'truncated_member_dropped']],
    ['{"a": 1, "b": nul', { a: 1 }, ['truncated_structure_closed', 'truncated_member_dropped']],
  ])('%j', (...c) => expectRepair(c));

  it('marks the result truncated and lets a profile refuse the drop', () => {
    const r = repairJson('{"a": 1, "b": ');
    expect(r.ok && r.truncated).toBe(true);
    expect(r.ok && r.interventions.find((i) => i.rule === 'truncated_member_dropped')).toMatchObject({ category: 'dropped', span: [7, 14], before: ', "b": ', after: '' });
    expect(safeParse('{"a": 1, "b": ', z.unknown(), { repair: { deny: ['dropped'] } }).success).toBe(false);
  });

  it.each<Case>([
    // A value that was started keeps what was written.
    ['{"a": "app', { a: 'app' }, ['truncated_string_closed', 'truncated_structure_closed']],
    ['[1, 2', [1, 2], ['truncated_structure_closed']],
    ['{"a": [', { a: [] }, ['truncated_structure_closed', 'truncated_structure_closed']],
    // A complete text missing a value mid-document keeps null (as jsonrepair).
    ['{"a":,"b":2}', { a: null, b: 2 }, ['missing_value']],
    ['{"a": }', { a: null }, ['missing_value']],
    // A lone sign followed by more is a number missing its digits; at the root a cut-off literal completes.
    ['[-, 1]', [-0, 1], ['number_incomplete']],
    ['tr', true, ['truncated_literal_completed']],
  ])('keeps %j', (...c) => expectRepair(c));
});

describe('a bare word between members', () => {
  it.each<Case>([
    ['{"a": true, SHOULD_NOT_EXIST "b": 1}', { a: true, b: 1 }, ['stray_word_dropped']],
    ['{"value_1": true, SHOULD_NOT_EXIST "value_2": "data" AAAA }', { value_1: true, value_2: 'data' }, ['stray_word_dropped', 'stray_word_dropped']],
    ['{"b": "xxxxx" true}', { b: 'xxxxx' }, ['stray_word_dropped']],
    ['{"a": 1 NOTE "b": 2}', { a: 1, b: 2 }, ['missing_comma', 'stray_word_dropped']],
  ])('%j', (...c) => expectRepair(c));

  it.each<Case>([
    // A word followed by a colon is a key; a word that is a value stays.
    ['{"a": 1, b: 2}', { a: 1, b: 2 }, ['unquoted_key']],
    ['{\n  "a": "x"\n  b: y\n}', { a: 'x', b: 'y' }, ['missing_comma', 'unquoted_key', 'unquoted_string']],
    ['{a: hello "b": 2}', { a: 'hello', b: 2 }, ['unquoted_key', 'unquoted_string', 'missing_comma']],
    // A word glued to a quote is a key missing its opening quote.
    ['{"a":"foo",b":"bar"}', { a: 'foo', b: 'bar' }, ['missing_opening_quote']],
  ])('leaves alone %j', (...c) => expectRepair(c));
});

describe('comments holding brackets', () => {
  const changes = '{\n  "Changes": [\n    //object a\n    {"Action": "1"},\n    //object b ]\n    {"Action": "2"},\n    /* { */ {"Action": "3"}\n  ]\n}';

  it('are skipped whole by the repairer and by the balanced-end scan', () => {
    const value = { Changes: [{ Action: '1' }, { Action: '2' }, { Action: '3' }] };
    expectRepair([changes, value, ['line_comment_removed', 'line_comment_removed', 'block_comment_removed']]);
    const r = safeParse(`Here you go:\n${changes}\nDone.`, z.object({ Changes: z.array(z.object({ Action: z.string() })) }));
    expect(r.success && r.data).toEqual(value);
  });

  it('leaves an unquoted URL alone', () => {
    expectRepair(['{url: https://x.org/a}', { url: 'https://x.org/a' }, ['unquoted_key', 'unquoted_string']]);
  });
});

describe('a code fence line ends the data', () => {
  it.each<Case>([
    ['{"a": 1, "b": [1, 2\n```\nThat is all.', { a: 1, b: [1, 2] }, ['structure_closed_at_fence', 'structure_closed_at_fence', 'code_fence_trimmed', 'trailing_prose_trimmed']],
    ['[1, 2,\n  ```\nok', [1, 2], ['structure_closed_at_fence', 'trailing_comma', 'code_fence_trimmed', 'trailing_prose_trimmed']],
    ['{"a": 1, "b"\n```\n', { a: 1 }, ['structure_closed_at_fence', 'truncated_member_dropped', 'code_fence_trimmed']],
    ['{"a": 1,\n```\n', { a: 1 }, ['structure_closed_at_fence', 'trailing_comma', 'code_fence_trimmed']],
  ])('%j', (...c) => expectRepair(c));

  it('is a string where a value is expected', () => {
    expectRepair(['{"code": ```python\nprint(1)\n```}', { code: 'print(1)' }, ['backtick_quoted_string']]);
    expectRepair(['["a",\n```js\nx()\n```\n]', ['a', 'x()'], ['backtick_quoted_string']]);
  });
});

describe('several top-level values when NDJSON is allowed', () => {
  it('joins roots separated by commas, newlines or fenced blocks', () => {
    expectRepair(['{"key":"value"}, {"key":"value_after"}', [{ key: 'value' }, { key: 'value_after' }], ['ndjson_wrapped', 'ndjson_wrapped'], { allowNdjson: true }]);
    expectRepair([
      'lorem ```json {"key":"value"} ``` ipsum ```json [1,2,3,True] ``` 42',
      [{ key: 'value' }, [1, 2, 3, true]],
      ['leading_prose_trimmed', 'ndjson_wrapped', 'ndjson_wrapped', 'python_literal', 'ndjson_wrapped', 'code_fence_trimmed', 'trailing_prose_trimmed'],
      { allowNdjson: true },
    ]);
  });

  it('takes only the first without it', () => {
    expectRepair(['lorem ```json {"key":"value"} ``` ipsum ```json [1] ``` 42', { key: 'value' }, ['leading_prose_trimmed', 'code_fence_trimmed', 'trailing_prose_trimmed']]);
  });
});
