/**
 * The schema-aligned leftovers, end to end through safeParse on
 * byte-exact raw text: a union whose first valid branch would strip keys
 * (`union_keys_kept`, a notice), and linear work for each new reading
 * (accent-folded keys, accent-folded mentions, yes/no and caseless booleans,
 * catchall values, kept union keys). The one-rule cases live in aligned-fixtures/.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { STRICT_PROFILE } from '../pipeline/repair-profile.js';
import { ALIGNED_CONTRACTS } from './test-support/aligned-contracts.js';
import { expectLinearWork } from './test-support/counted-work.js';

const keysUnion = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() })]);
const rules = (r: { interventions: readonly { rule: string }[] }): string[] => r.interventions.map((i) => i.rule);

describe('a union whose first valid branch strips keys', () => {
  it('keeps the keys another valid branch declares, recorded as a notice', () => {
    const result = safeParse('{"a": 1, "b": 2}', keysUnion);
    expect(result.success && result.data).toEqual({ a: 1, b: 2 });
    expect(rules(result)).toEqual(['union_keys_kept']);
    expect(result.interventions[0]!.message).toBe('Kept "b" at (root) with branch 2 ({a, b}) of 2: branch 1 ({a}), the first that validates, would strip it.');
    // The value is the text's own: not a repair, so a strict profile takes it.
    expect(result.success && result.repairApplied).toBe(false);
    expect(safeParse('{"a": 1, "b": 2}', keysUnion, { repair: STRICT_PROFILE }).success).toBe(true);
  });

  it('works in lists and in a union inside the chosen branch', () => {
    const nested = z.array(z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.union([z.object({ k: z.number() }), z.object({ k: z.number(), j: z.number() })]) })]));
    const result = safeParse('[{"a": 1}, {"a": 2, "b": {"k": 3, "j": 4}}]', nested);
    expect(result.success && result.data).toEqual([{ a: 1 }, { a: 2, b: { k: 3, j: 4 } }]);
    expect(result.interventions.map((i) => [i.rule, i.path])).toEqual([
      ['union_keys_kept', [1]],
      ['union_keys_kept', [1, 'b']],
    ]);
  });

  it('leaves an object every branch reads alike, and a tie between branches with different values, as they were', () => {
    expect(rules(safeParse('{"a": 1}', keysUnion))).toEqual([]);
    const tie = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() }), z.object({ a: z.number(), b: z.coerce.string() })]);
    const result = safeParse('{"a": 1, "b": 2}', tie);
    expect(result.success && result.data).toEqual({ a: 1 });
    expect(rules(result)).toEqual([]);
  });

  it('takes one of two branches keeping as many keys when they give the same value', () => {
    const same = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() }), z.object({ a: z.number(), b: z.number(), c: z.string().optional() })]);
    const result = safeParse('{"a": 1, "b": 2}', same);
    expect(result.success && result.data).toEqual({ a: 1, b: 2 });
  });

  it('leaves a discriminated union and keys no branch declares alone', () => {
    const tool = z.discriminatedUnion('tool', [z.object({ tool: z.literal('a'), x: z.number() }), z.object({ tool: z.literal('b'), y: z.number() })]);
    expect(rules(safeParse('{"tool": "a", "x": 1}', tool))).toEqual([]);
    const result = safeParse('{"a": 1, "c": 2}', keysUnion);
    expect(result.success && result.data).toEqual({ a: 1 });
    expect(rules(result)).toEqual([]);
  });
});

describe('enumAliases inside union branches', () => {
  it('maps a declared alias in a union nested in a list', () => {
    const contract = defineContract({
      name: 'blocks',
      schema: z.array(z.union([z.object({ type: z.enum(['ColumnList']), column_list: z.object({ n: z.number() }) }), z.object({ type: z.enum(['ToDo']), to_do: z.object({ checked: z.boolean() }) })])),
      enumAliases: { ColumnList: ['column_list'], ToDo: ['to_do'] },
    });
    const result = safeParse('[{"type": "to_do", "to_do": {"checked": false}}, {"type": "column_list", "column_list": {"n": 2}}]', contract);
    expect(result.success && result.data).toEqual([{ type: 'ToDo', to_do: { checked: false } }, { type: 'ColumnList', column_list: { n: 2 } }]);
  });

  it('does not reach a branch of a contract that declares none', () => {
    const bare = z.object({ s: z.union([z.object({ kind: z.enum(['Heading']) }), z.number()]) });
    const aliased = defineContract({ name: 'aliased', schema: bare, enumAliases: { Heading: ['h1'] } });
    expect(safeParse('{"s": {"kind": "h1"}}', bare).success).toBe(false);
    expect(safeParse('{"s": {"kind": "h1"}}', aliased).success).toBe(true);
  });
});

describe('field aliases inside union branches', () => {
  const action = z.discriminatedUnion('type', [
    z.object({ type: z.literal('call'), name: z.string(), signature: z.string() }),
    z.object({ type: z.literal('page'), route: z.string(), text: z.string() }),
  ]);

  it('maps a bare field name a union member declares, in a list of them', () => {
    const contract = defineContract({ name: 'actions', schema: z.array(action), aliases: { signature: ['function_signature'] } });
    const result = safeParse('[{"type": "call", "name": "f", "function_signature": "f()"}, {"type": "page", "route": "/", "text": "t"}]', contract);
    expect(result.success && result.data).toEqual([{ type: 'call', name: 'f', signature: 'f()' }, { type: 'page', route: '/', text: 't' }]);
    expect(result.success && rules(result)).toEqual(['union_branch_chosen', 'key_aliased']);
  });

  it('leaves a member that does not declare the name as it is', () => {
    // `text` is only the page's: the call branch gets no alias `content` → `text` of its own.
    // (An alias reaches a member when the value fails without it: a required field, as here.)
    const contract = defineContract({ name: 'actions', schema: z.array(action), aliases: { text: ['content'] } });
    const result = safeParse('[{"type": "page", "route": "/", "content": "hi"}, {"type": "call", "name": "f", "signature": "f()", "content": 1}]', contract);
    expect(result.success && result.data).toEqual([{ type: 'page', route: '/', text: 'hi' }, { type: 'call', name: 'f', signature: 'f()' }]);
  });
});

describe('linear work of the new readings', () => {
  const keysUnionList = z.array(keysUnion);
  const formList = defineContract({ name: 'forms', schema: z.array(z.object({ title: z.string(), address: z.string() })), aliases: { title: ['señor'], address: ['dirección'] } });
  const cases: [string, (n: number) => string, Parameters<typeof safeParse>[1]][] = [
    ['accented unknown keys', (n) => `{${Array.from({ length: n / 16 }, (_, i) => `"señorx${i}": 1`).join(', ')}}`, ALIGNED_CONTRACTS.spanishForm],
    ['unaccented alias keys in a list', (n) => `[${'{"senor": "a", "direccion": "b"}, '.repeat(n / 36)}{"senor": "a", "direccion": "b"}]`, formList],
    ['prose with unaccented names', (n) => 'the senor and the senorita '.repeat(n / 27), ALIGNED_CONTRACTS.titles],
    ['prose of boolean words', (n) => 'yes TRUE no False '.repeat(n / 18), ALIGNED_CONTRACTS.flag],
    ['catchall values', (n) => `{"unit": "cm", ${Array.from({ length: n / 12 }, (_, i) => `"k${i}": "${i}"`).join(', ')}}`, ALIGNED_CONTRACTS.measures],
    ['union objects keeping keys', (n) => `[${'{"a": 1, "b": 2}, '.repeat(n / 18)}{"a": 1}]`, keysUnionList],
  ];
  it('the measure tells a quadratic scan from a linear one', () => {
    const quadratic = (t: string): void => {
      for (let i = 0; i < t.length; i += 8) t.indexOf('}', i);
    };
    expect(() => expectLinearWork((n) => 'x'.repeat(n), quadratic, 'quadratic reference')).toThrow();
  });

  it.each(cases)('%s', (label, make, contract) => {
    expectLinearWork(make, (text) => void safeParse(text, contract), label);
  });
});
