import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightSegments, type Mark } from './highlight-segments.js';

const markArb = (length: number) => fc.record({
  start: fc.integer({ min: -3, max: length + 3 }),
  end: fc.integer({ min: -3, max: length + 3 }),
  kind: fc.constantFrom<Mark['kind']>('candidate', 'repair', 'failure'),
  intervention: fc.nat(9),
});

describe('highlightSegments', () => {
  it('cuts at every span edge and knows the marks covering each piece', () => {
    const marks: Mark[] = [{ start: 0, end: 10, kind: 'candidate' }, { start: 2, end: 4, kind: 'repair', intervention: 0 }, { start: 3, end: 6, kind: 'repair', intervention: 1 }];
    const segments = highlightSegments(12, marks).map((s) => [s.start, s.end, s.marks.map((m) => m.intervention ?? m.kind)]);
    expect(segments).toEqual([[0, 2, ['candidate']], [2, 3, ['candidate', 0]], [3, 4, ['candidate', 0, 1]], [4, 6, ['candidate', 1]], [6, 10, ['candidate']], [10, 12, []]]);
  });

  it('turns an empty span into a point before the text at its offset', () => {
    const segments = highlightSegments(4, [{ start: 2, end: 2, kind: 'repair', intervention: 0 }]);
    expect(segments.map((s) => [s.start, s.end, s.point === true, s.marks.length])).toEqual([[0, 2, false, 0], [2, 2, true, 1], [2, 4, false, 0]]);
  });

  it('covers the text exactly once, in order, with exactly the marks that overlap each piece (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(fc.constant(n), fc.array(markArb(n), { maxLength: 8 }))), ([length, marks]) => {
      const segments = highlightSegments(length, marks);
      const pieces = segments.filter((s) => s.point !== true);
      let at = 0;
      for (const piece of pieces) {
        expect(piece.start).toBe(at);
        expect(piece.end).toBeGreaterThan(piece.start);
        at = piece.end;
        const clamp = (x: number) => Math.min(Math.max(0, x), length);
        const expected = marks.filter((m) => clamp(m.start) < clamp(m.end) && clamp(m.start) <= piece.start && clamp(m.end) >= piece.end).length;
        expect(piece.marks.length).toBe(expected);
      }
      expect(at).toBe(length);
      const points = segments.filter((s) => s.point === true).reduce((n, s) => n + s.marks.length, 0);
      expect(points).toBe(marks.filter((m) => Math.min(Math.max(0, m.end), length) <= Math.min(Math.max(0, m.start), length)).length);
    }));
  });
});
