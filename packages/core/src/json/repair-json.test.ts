import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Intervention } from '../types.js';
import { JSON_CODES, JSON_CODE_INFO } from './codes.js';
import { jsonEqual } from './conformance/load-conformance.js';
import { repairJson, type RepairJsonOptions } from './repair-json.js';

/** Independent re-application of the edits: sorted, non-overlapping, `before` matching the text. */
function replay(text: string, edits: readonly Intervention[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    const [start, end] = e.span!;
    expect(start, `${e.rule} overlaps the previous edit`).toBeGreaterThanOrEqual(at);
    expect(e.before).toBe(text.slice(start, end));
    expect(e.stage).toBe('parse');
    out += text.slice(at, start) + e.after!;
    at = end;
  }
  return out + text.slice(at);
}

/** Repairs and checks the invariants every successful result must hold. */
function repaired(text: string, options: RepairJsonOptions = {}) {
  const r = repairJson(text, options);
  if (r.ok) {
    expect(replay(text, r.interventions)).toBe(r.text);
    expect(jsonEqual(JSON.parse(r.text), r.value)).toBe(true);
  }
  return r;
}

const CASES: [input: string, value: unknown, rules: string[], options?: RepairJsonOptions][] = [
  ["{'a':'b'}", { a: 'b' }, ['single_quoted_string', 'single_quoted_string']],
  ['{“a”:“b”}', { a: 'b' }, ['curly_quoted_string', 'curly_quoted_string']],
  // A curly-quoted value ends before a comma and a curly-quoted key (the key closes at its partner quote).
  ['{“a”: “x”, “b”: “y”}', { a: 'x', b: 'y' }, ['curly_quoted_string', 'curly_quoted_string', 'curly_quoted_string', 'curly_quoted_string']],
  ['{‘a’: ‘x, y’, ‘b’: ‘z’}', { a: 'x, y', b: 'z' }, ['curly_quoted_string', 'curly_quoted_string', 'curly_quoted_string', 'curly_quoted_string']],
  ['[`x´]', ['x'], ['backtick_quoted_string']],
  ['{"a": """say "hi"\nthen \\q"""}', { a: 'say "hi"\nthen \\q' }, ['triple_quoted_string']],
  ["{'a': '''it's'''}", { a: "it's" }, ['single_quoted_string', 'triple_quoted_string']],
  ['{"a":"b,"c":1}', { a: 'b', c: 1 }, ['missing_closing_quote']],
  ['[a",1]', ['a', 1], ['missing_opening_quote']],
  ['"a "b" c"', 'a "b" c', ['unescaped_quote_escaped']],
  ['{a: 1}', { a: 1 }, ['unquoted_key']],
  ['[hello world]', ['hello world'], ['unquoted_string']],
  ['{"r": /a+b/}', { r: '/a+b/' }, ['regex_literal_quoted']],
  ['[1,2,]', [1, 2], ['trailing_comma']],
  ['[,1]', [1], ['extra_comma']],
  ['[1 2]', [1, 2], ['missing_comma']],
  ['{"a" 1}', { a: 1 }, ['missing_colon']],
  ['{"a":,"b":2}', { a: null, b: 2 }, ['missing_value']],
  ['[1, // one\n2]', [1, 2], ['line_comment_removed']],
  ['[1, /* one */ 2]', [1, 2], ['block_comment_removed']],
  ['[1, <!-- one --> 2]', [1, 2], ['html_comment_removed']],
  ['[True, False, None]', [true, false, null], ['python_literal', 'python_literal', 'python_literal']],
  ['[undefined, NaN, -Infinity]', [null, null, null], ['js_literal', 'js_literal', 'js_literal']],
  ['"a" + "b"', 'ab', ['string_concatenation']],
  ['{\\"a\\":1}', { a: 1 }, ['escaped_json_unescaped']],
  ['"{\\"a\\":1}"', { a: 1 }, ['stringified_json_unwrapped'], { expect: 'object' }],
  // strings: see repair-json.strings.test.ts. An unknown escape keeps its backslash;
  // a backslash before a quote (or a lone C escape such as \\a) is dropped.
  ['"a\\qb"', 'a\\qb', ['lone_backslash_escaped']],
  ["\"it\\'s\"", "it's", ['invalid_escape']],
  ['{"a": "hi\n```\nDone.', { a: 'hi' }, ['truncated_string_closed', 'unclosed_string_fence_trimmed', 'truncated_structure_closed']],
  ['{"a": "hi\n", "b": 1}', { a: 'hi', b: 1 }, ['string_closing_line_break_trimmed']],
  ['"a\tb"', 'a\tb', ['control_character_escaped']],
  ['{"a":[1}', { a: [1] }, ['missing_closing_bracket']],
  ['[1}', [1], ['mismatched_closing_bracket']],
  ['[1]]', [1], ['extra_closing_bracket']],
  ['{"a":[1', { a: [1] }, ['truncated_structure_closed', 'truncated_structure_closed']],
  ['["ab', ['ab'], ['truncated_string_closed', 'truncated_structure_closed']],
  ['tr', true, ['truncated_literal_completed']],
  ['[1, ..., 3]', [1, 3], ['ellipsis_removed']],
  ['```json\n[1]\n```', [1], ['code_fence_trimmed', 'code_fence_trimmed']],
  ['cb({"a":1});', { a: 1 }, ['function_call_unwrapped', 'function_call_unwrapped']],
  ['{"a":1}\n{"a":2}', [{ a: 1 }, { a: 2 }], ['ndjson_wrapped', 'ndjson_wrapped', 'ndjson_wrapped'], { allowNdjson: true }],
  ['{"a":\u00a01}', { a: 1 }, ['special_whitespace']],
  ['[.5]', [0.5], ['number_leading_dot']],
  ['[1.]', [1], ['number_trailing_dot']],
  ['[+1]', [1], ['number_plus_sign']],
  ['[01]', ['01'], ['number_leading_zero']],
  ['[2e]', [2], ['number_incomplete']],
  ['{"amount": -2,000.00, "n": 1,234,567\n}', { amount: -2000, n: 1234567 }, ['number_grouped', 'number_grouped']],
  ['{"a": 1,234: x}', { a: 1, 234: 'x' }, ['unquoted_key', 'unquoted_string']],
  // scalars: see repair-json.scalars.test.ts
  ['{"n": 82_461_110}', { n: 82461110 }, ['number_underscores']],
  ['{"key": 1/3}', { key: '1/3' }, ['number_fraction_quoted']],
  ['(1, 2)', [1, 2], ['python_tuple', 'python_tuple']],
  ['{"ids": {1, 2}}', { ids: [1, 2] }, ['python_set', 'python_set']],
  ['{sig: f(a, b), next: 1}', { sig: 'f(a, b)', next: 1 }, ['unquoted_key', 'unquoted_text_spanned', 'unquoted_key']],
  // structure: see repair-json.structure.test.ts
  ['{"a": 1}, "b": 2}', { a: 1, b: 2 }, ['stray_closing_bracket_skipped']],
  ['[1, tr', [1], ['truncated_structure_closed', 'truncated_member_dropped']],
  ['{"a": true, WORD "b": 1}', { a: true, b: 1 }, ['stray_word_dropped']],
  ['[1, 2\n```\nDone.', [1, 2], ['structure_closed_at_fence', 'code_fence_trimmed', 'trailing_prose_trimmed']],
  ['{"a": 1}}, "b": 2}', { a: 1 }, ['extra_closing_bracket', 'root_continuation_dropped']],
  ['Here it is: {"a":1} Hope it helps', { a: 1 }, ['leading_prose_trimmed', 'trailing_prose_trimmed']],
  // An object's unquoted value runs to the next `,`, newline or closer, quotes and all.
  ['{a: Hi friends!, b: 2}', { a: 'Hi friends!', b: 2 }, ['unquoted_key', 'unquoted_string', 'unquoted_key']],
  ["{a: It's fine, b: Hi \"you\"}", { a: "It's fine", b: 'Hi "you"' }, ['unquoted_key', 'unquoted_string', 'unquoted_key', 'unquoted_string']],
  ['{a: 3 apples, b: true story\n}', { a: '3 apples', b: 'true story' }, ['unquoted_key', 'unquoted_string', 'unquoted_key', 'unquoted_string']],
  ['{a: 1 b: 2}', { a: 1, b: 2 }, ['unquoted_key', 'missing_comma', 'unquoted_key']],
  ['{a:1 b:2}', { a: 1, b: 2 }, ['unquoted_key', 'missing_comma', 'unquoted_key']],
  ['{a: hello "b": 2}', { a: 'hello', b: 2 }, ['unquoted_key', 'unquoted_string', 'missing_comma']],
  ['{a: 1 "b": 2}', { a: 1, b: 2 }, ['unquoted_key', 'missing_comma']],
  // A quote right after an opener inside a string, followed by text, quotes inside it.
  ['{"code": "say("Hi")"\n}', { code: 'say("Hi")' }, ['unescaped_quote_escaped']],
  ["{'code': 'say('Hi')'}", { code: "say('Hi')" }, ['single_quoted_string', 'single_quoted_string']],
  ['{a: at 10:30 /* local */, b: 2}', { a: 'at 10:30', b: 2 }, ['unquoted_key', 'unquoted_string', 'block_comment_removed', 'unquoted_key']],
  ['{"a": 1, # one\n "b": 2 # two\n}', { a: 1, b: 2 }, ['line_comment_removed', 'line_comment_removed']],
  ['["#fff", 1 # hex\n]', ['#fff', 1], ['line_comment_removed']],
  // A key's closing quote missing before its colon: one quote inserted there, the next quote opens the value.
  ['{"key:"value"}', { key: 'value' }, ['missing_closing_quote']],
  ['{"a": 1, "time: "10:30", "b": 2}', { a: 1, time: '10:30', b: 2 }, ['missing_closing_quote']],
  // Unless the value has no closing quote of its own: then the colon is missing, as before.
  ['{"key:"42}', { 'key:': 42 }, ['missing_colon']],
  ['{"note:" "value"}', { 'note:': 'value' }, ['missing_colon']],
  // On the last line a `#` comment ends before its container's closer; `//` keeps to its line, as in JavaScript.
  ['{"a": {"b": 1 # note }, "c": 2}', { a: { b: 1 }, c: 2 }, ['line_comment_removed']],
  ['[1, 2 # two ] ', [1, 2], ['line_comment_removed']],
  ['{"a": [1 # one ]}', { a: [1] }, ['line_comment_removed']],
  // Only the container's own closer ends it: in a list, a `}` is the comment's text.
  ['{"a": [1 # one }]', { a: [1] }, ['line_comment_removed', 'truncated_structure_closed']],
  ['{"a": {"b": 1 // note }, "c": 2}', { a: { b: 1 } }, ['truncated_structure_closed', 'truncated_structure_closed', 'line_comment_removed']],
  // A triple-quoted block is dedented as Python's inspect.cleandoc does.
  ['{"a": """\n    Hi\n      there\n    """}', { a: 'Hi\n  there' }, ['triple_quoted_string']],
  ['{"a": """Hi\n    there\n"""}', { a: 'Hi\nthere' }, ['triple_quoted_string']],
  // Triple backticks as a string: verbatim code (backslashes kept), info string dropped, dedented.
  ['{"code": ```python\n  print("a\\n")\n```}', { code: 'print("a\\n")' }, ['backtick_quoted_string']],
];

describe('repairJson', () => {
  it.each(CASES)('%j', (input, value, rules, options) => {
    const r = repaired(input, options);
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(value);
    expect(r.interventions.map((i) => i.rule)).toEqual(rules);
    for (const i of r.interventions) {
      if (i.rule in JSON_CODE_INFO) expect(i.category).toBe(JSON_CODE_INFO[i.rule as keyof typeof JSON_CODE_INFO].category);
    }
  });

  it('records one intervention per repaired string, spanning the whole string', () => {
    const r = repaired("{'a': 'x\ny', `b`: '''z'''}");
    expect(r.ok && r.interventions.map((i) => [i.rule, i.span, i.before, i.after])).toEqual([
      ['single_quoted_string', [1, 4], "'a'", '"a"'],
      ['single_quoted_string', [6, 11], "'x\ny'", '"x\\ny"'],
      ['backtick_quoted_string', [13, 16], '`b`', '"b"'],
      ['triple_quoted_string', [18, 25], "'''z'''", '"z"'],
    ]);
    expect(r.ok && r.interventions[1]!.message).toContain('control_character_escaped');
    // A truncation stays its own (synthesized) record after the string's one.
    const cut = repaired("['ab");
    expect(cut.ok && cut.interventions.map((i) => i.rule)).toEqual(['single_quoted_string', 'truncated_string_closed', 'truncated_structure_closed']);
  });

  it('has a case for every JSON repair code', () => {
    const covered = new Set(CASES.flatMap(([, , rules]) => rules));
    expect(JSON_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('marks truncation, and only truncation, with truncated: true', () => {
    const cut = repaired('{"items": [{"id": 1}, {"id": 2, "name": "tw');
    expect(cut.ok && cut.truncated).toBe(true);
    expect(cut.ok && cut.value).toEqual({ items: [{ id: 1 }, { id: 2, name: 'tw' }] });
    expect(cut.ok && cut.interventions.every((i) => i.category === 'synthesized')).toBe(true);
    const fixed = repaired('{"a": [1, 2,], }');
    expect(fixed.ok && fixed.truncated).toBe(false);
  });

  it('fails cleanly with a failure class', () => {
    expect(repairJson('')).toMatchObject({ ok: false, failure: 'empty_output' });
    expect(repairJson('  /* just a comment */ ')).toMatchObject({ ok: false, failure: 'no_candidate' });
    expect(repairJson('no json here', { expect: 'object' })).toMatchObject({ ok: false, failure: 'no_candidate' });
    expect(repairJson('{"a" ]')).toMatchObject({ ok: false, failure: 'syntax' });
    expect(repairJson('{:1}')).toMatchObject({ ok: false, failure: 'syntax' });
  });

  it('finds the expected root kind past prose and other brackets', () => {
    expect(repaired('See [1] below: {"a": 1}', { expect: 'object' })).toMatchObject({ ok: true, value: { a: 1 } });
    expect(repaired('"Result": [1, 2]', { expect: 'array' })).toMatchObject({ ok: true, value: [1, 2] });
  });

  it('keeps several root values apart unless NDJSON is allowed', () => {
    const r = repaired('{"a":1}\n{"a":2}');
    expect(r.ok && r.value).toEqual({ a: 1 });
    expect(r.ok && r.interventions.map((i) => i.rule)).toEqual(['trailing_prose_trimmed']);
  });

  it('uses the scanner hints for trailing noise and an orphan fence', () => {
    const text = '{"a":1}\n```\n\u001b[0m';
    const r = repaired(text, { noiseStart: 12, orphanFence: [8, 11] });
    expect(r.ok && r.interventions.map((i) => i.rule)).toEqual(['orphan_fence_trimmed', 'trailing_noise_trimmed']);
  });
});

describe('repairJson on valid JSON', () => {
  it('returns the same value with no interventions (fc.json)', () => {
    fc.assert(fc.property(fc.json(), (text) => {
      const r = repaired(text);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.interventions).toEqual([]);
        expect(r.text).toBe(text);
        expect(jsonEqual(r.value, JSON.parse(text))).toBe(true);
      }
    }), { numRuns: 300 });
  });

  it('returns the same value with no interventions (pretty-printed values)', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const r = repaired(text);
      expect(r.ok && r.interventions).toEqual([]);
      expect(r.ok && jsonEqual(r.value, JSON.parse(text))).toBe(true);
    }), { numRuns: 300 });
  });

  it('leaves strings holding quotes, brackets and comment-like text alone', () => {
    const tricky = fc.array(fc.constantFrom('"', "'", '{', '}', '[', ']', '//', '/*', '*/', ',', ':', '\\', '+', '...', '`', '“', 'a', ' ', '\n'));
    fc.assert(fc.property(fc.array(tricky.map((parts) => parts.join('')), { maxLength: 5 }), (strings) => {
      const text = JSON.stringify({ list: strings, one: strings.join('') });
      const r = repaired(text);
      expect(r.ok && r.interventions).toEqual([]);
      expect(r.ok && r.value).toEqual({ list: strings, one: strings.join('') });
    }), { numRuns: 300 });
  });
});

describe('repairJson on arbitrary text', () => {
  it('never throws, and every success holds the edit invariant', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', ' ', '\n', 'a', '1', '.', '-', '/', '*', '\\', '+', 'True', 'null', '...', '`', '(', ')', 'u');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 40 }).map((p) => p.join('')), fc.boolean(), (text, ndjson) => {
      repaired(text, { allowNdjson: ndjson });
    }), { numRuns: 2000 });
  });

  it('holds the edit invariant when defects are injected into valid JSON', () => {
    const defects = [(s: string) => s.replace(/"(\w+)":/g, '$1:'), (s: string) => s.replace(/\]/g, ',]'), (s: string) => s.replace(/"/g, "'"), (s: string) => s.slice(0, Math.floor(s.length / 2))];
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), fc.subarray(defects), (value, picked) => {
      const text = picked.reduce((s, f) => f(s), JSON.stringify({ v: value }));
      repaired(text);
    }), { numRuns: 500 });
  });
});

describe('repairJson on hostile input', () => {
  it('keeps __proto__, constructor and prototype keys as own data', () => {
    const r = repaired('{__proto__: {polluted: 1}, "constructor": {"prototype": {"polluted": 2}}, prototype: 3,}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(Object.hasOwn(v, 'constructor') && Object.hasOwn(v, 'prototype')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('fails with syntax past maxDepth, without overflowing the stack at 100,000 levels', () => {
    expect(repairJson('['.repeat(100_000))).toMatchObject({ ok: false, failure: 'syntax' });
    expect(repairJson('{"a":'.repeat(100_000) + '1')).toMatchObject({ ok: false, failure: 'syntax' });
    expect(repairJson('f('.repeat(100_000) + '1')).toMatchObject({ ok: false, failure: 'syntax' });
    expect(repairJson('[[[1]]]', { maxDepth: 2 })).toMatchObject({ ok: false, failure: 'syntax' });
    expect(repaired('[[1,]]', { maxDepth: 2 })).toMatchObject({ ok: true, value: [[1]] });
    expect(repaired('['.repeat(1000) + ']'.repeat(999))).toMatchObject({ ok: true, truncated: true });
  });

  it('repairs a 1 MB document of trailing commas in one pass', () => {
    const item = '{"id": 1, "tags": ["a", "b",],},\n';
    const text = '[' + item.repeat(Math.ceil(1_000_000 / item.length)) + ']';
    const r = repairJson(text);
    expect(r.ok && (r.value as unknown[]).length).toBe(Math.ceil(1_000_000 / item.length));
  });
});
