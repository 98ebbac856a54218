import { describe, expect, it } from 'vitest';
import { compileIdTemplate } from './compile-id-template.js';

describe('compileIdTemplate', () => {
  it('reads loose ids and writes canonical ones (seed: 1, q1, Q1 → Q01)', () => {
    const q = compileIdTemplate('Q{n:2}');
    expect([1, '1', 'q1', 'Q1', 'Q01', 'Q15', ' q007 '].map((id) => q.parse(id)?.n)).toEqual([1, 1, 1, 1, 1, 15, 7]);
    expect(q.format(1, 1)).toBe('Q01');
    expect(q.format(123, 1)).toBe('Q123');
  });

  it('refuses what does not fit', () => {
    const q = compileIdTemplate('Q{n:2}');
    for (const id of ['Q', 'QQ1', 'x1', -1, 1.5, true, null, {}, '1234567890', 'Q1a']) expect(q.parse(id)).toBeNull();
  });

  it('handles nested ids and literal text with regex characters', () => {
    const us = compileIdTemplate('US-{i}-{n}');
    expect(us.parse('us-2-3')).toEqual({ n: 3, i: 2 });
    expect(us.format(3, 2)).toBe('US-2-3');
    const odd = compileIdTemplate('a.b+{j}');
    expect(odd.parse('A.B+4')).toEqual({ n: 4 });
    expect(odd.parse('aXb+4')).toBeNull();
  });

  it('a format without {n} can neither read nor fill', () => {
    const fixed = compileIdTemplate('main');
    expect(fixed.hasN).toBe(false);
    expect(fixed.parse('main')).toBeNull();
  });
});
