import { describe, expect, it } from 'vitest';
import { IndexOfHit, indexOfScan } from './index-of-scan.js';

const { FENCE, TAG, FIRST_BRACKET } = IndexOfHit;

function hits(text: string): number[][] {
  const flat = Array.from(indexOfScan(text));
  const out: number[][] = [];
  for (let k = 0; k < flat.length; k += 3) out.push(flat.slice(k, k + 3));
  return out;
}

describe('indexOfScan', () => {
  it('finds fence runs, tags and the first bracket of a model output', () => {
    const text = 'Here:\n````json\n{"a":[1]}\n````\n<answer>ok</answer>';
    expect(hits(text)).toEqual([
      [FENCE, 6, 10],
      [FENCE, 25, 29],
      [TAG, 30, 38],
      [TAG, 40, 49],
      [FIRST_BRACKET, 15, 16],
    ]);
  });

  it('skips what is not a tag: a comparison, a digit, a name over 64 characters, no closing >', () => {
    expect(hits(`a < b, <1>, <${'n'.repeat(65)}>, <open`)).toEqual([]);
    expect(hits(`<${'n'.repeat(64)}>`)).toEqual([[TAG, 0, 66]]);
  });

  it('takes whichever of { and [ comes first, and reports none when neither occurs', () => {
    expect(hits('x [1] {"a":1}')).toEqual([[FIRST_BRACKET, 2, 3]]);
    expect(hits('x {"a":[1]}')).toEqual([[FIRST_BRACKET, 2, 3]]);
    expect(hits('plain prose')).toEqual([]);
  });

  it('returns each call its own array, also past the shared buffer size', () => {
    const many = '<t>'.repeat(5000);
    const first = indexOfScan(many);
    expect(first.length).toBe(15000);
    const second = indexOfScan('<u>');
    expect(Array.from(second)).toEqual([TAG, 0, 3]);
    expect(first[1]).toBe(0);
    expect(first[14998]).toBe(14997);
  });
});
