/**
 * Python tuples and sets as values: `(1, 2)` and `{1, 2}` become
 * arrays, `(1)` is a grouping; prose in parentheses and objects stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { repairJson } from './repair-json.js';

describe('Python tuples and sets', () => {
  it.each([
    ['(1, 2)', [1, 2], ['python_tuple', 'python_tuple']],
    ['(1)', 1, ['python_tuple', 'python_tuple']],
    ['("x")', 'x', ['python_tuple', 'python_tuple']],
    ['(1,)', [1], ['python_tuple', 'trailing_comma', 'python_tuple']],
    ['{"scalar_group": (1), "pair": (1, (2, 3))}', { scalar_group: 1, pair: [1, [2, 3]] }, Array(6).fill('python_tuple')],
    ["{'item1', 'item2'}", ['item1', 'item2'], ['python_set', 'single_quoted_string', 'single_quoted_string', 'python_set']],
    ['{"ids": {1, 2}}', { ids: [1, 2] }, ['python_set', 'python_set']],
    ['{"a": (1', { a: [1] }, ['python_tuple', 'truncated_structure_closed', 'truncated_structure_closed']],
  ])('%j', (input, value, rules) => {
    const r = repairJson(input);
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(value);
    expect(r.interventions.map((i) => i.rule)).toEqual(rules);
  });

  it.each([
    ['{"a": (see below)}', { a: '(see below)' }],
    ['{"a": {}, "b": {"c": 1}}', { a: {}, b: { c: 1 } }],
  ])('leaves %j to the other rules', (input, value) => {
    const r = repairJson(input);
    expect(r.ok && r.value).toEqual(value);
    expect(r.ok && r.interventions.map((i) => i.rule)).not.toContain('python_set');
  });

  it('refuses what it cannot decide: an unclosed set-like object stays an object (and fails)', () => {
    expect(repairJson('{"a",')).toMatchObject({ ok: false });
  });
});
