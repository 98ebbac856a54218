import { describe, expect, it } from 'vitest';
import type { Candidate } from '../scan/candidate.js';
import { parseJsonCandidate } from './parse-json-candidate.js';

function candidateOf(text: string, extra: Partial<Candidate> = {}): Candidate {
  return { source: 'raw', text, span: [0, text.length], prefixStripped: false, noiseStart: -1, ...extra };
}

describe('parseJsonCandidate', () => {
  it('strict mode is the plain parse only', () => {
    expect(parseJsonCandidate(candidateOf('{"a":1}'), { mode: 'strict' })).toEqual({ ok: true, value: { a: 1 }, interventions: [], truncated: false });
    expect(parseJsonCandidate(candidateOf('{a:1}'), { mode: 'strict' })).toMatchObject({ ok: false, failure: 'syntax' });
  });

  it('slices a balanced root out of prose before repairing', () => {
    const r = parseJsonCandidate(candidateOf('Use [brackets] like: {"a":1} ok'), { mode: 'repair' });
    expect(r).toMatchObject({ ok: true, value: { a: 1 }, truncated: false });
    expect(r.interventions.map((i) => i.rule)).toEqual(['leading_prose_trimmed', 'trailing_prose_trimmed']);
  });

  it('repairs syntax the slicing cannot', () => {
    const r = parseJsonCandidate(candidateOf("Sure:\n{title: 'Fix login', tags: ['auth',],}\nDone."), { mode: 'repair', expect: 'object' });
    expect(r).toMatchObject({ ok: true, value: { title: 'Fix login', tags: ['auth'] }, truncated: false });
    expect(r.interventions.map((i) => i.rule)).toContain('unquoted_key');
    expect(r.interventions.map((i) => i.rule)).toContain('trailing_prose_trimmed');
  });

  it('closes a truncated output with synthesized interventions', () => {
    const r = parseJsonCandidate(candidateOf('{"items": [1, 2'), { mode: 'repair' });
    expect(r).toMatchObject({ ok: true, value: { items: [1, 2] }, truncated: true });
    expect(r.interventions.every((i) => i.category === 'synthesized')).toBe(true);
  });

  it('passes maxDepth and allowNdjson through', () => {
    expect(parseJsonCandidate(candidateOf('[[[1,]]]'), { mode: 'repair', maxDepth: 2 })).toMatchObject({ ok: false, failure: 'syntax' });
    expect(parseJsonCandidate(candidateOf('{"a":1}\n{"a":2}'), { mode: 'repair', allowNdjson: true })).toMatchObject({ ok: true, value: [{ a: 1 }, { a: 2 }] });
    expect(parseJsonCandidate(candidateOf('{"a":1}\n{"a":2}'), { mode: 'repair' })).toMatchObject({ ok: true, value: { a: 1 } });
  });

  it('records trailing noise and orphan fences with the scan codes', () => {
    const text = '{"a":1,}\n```\n\u001b[0m';
    const r = parseJsonCandidate(candidateOf(text, { noiseStart: 13, orphanFence: [9, 12] }), { mode: 'repair' });
    expect(r.interventions.map((i) => i.rule)).toEqual(['trailing_comma', 'orphan_fence_trimmed', 'trailing_noise_trimmed']);
  });

  it('repair mode does not parse a root spanning the whole text again (its plain parse already failed), yet reads valid text alike', () => {
    const parse = JSON.parse;
    const seen: string[] = [];
    JSON.parse = ((text: string) => (seen.push(text), parse(text))) as typeof JSON.parse;
    try {
      expect(parseJsonCandidate(candidateOf(' {a: 1}\n'), { mode: 'repair' })).toMatchObject({ ok: true, value: { a: 1 } });
      // The repairer builds the value as it reads: neither a slice of the whole root is parsed
      // first nor the repaired text after.
      expect(seen).toEqual([]);
      seen.length = 0;
      expect(parseJsonCandidate(candidateOf('Sure: {"a": 1 "b": 2} ok'), { mode: 'repair' })).toMatchObject({ ok: true, value: { a: 1, b: 2 } });
      // A slice that is not the whole text is read as-is first (an unquoted key or a trailing
      // comma would be refused without a parse).
      expect(seen[0]).toBe('{"a": 1 "b": 2}');
    } finally {
      JSON.parse = parse;
    }
    expect(parseJsonCandidate(candidateOf(' {"a": [1, 2]}\n'), { mode: 'repair' })).toEqual({ ok: true, value: { a: [1, 2] }, interventions: [], truncated: false, root: [1, 14] });
  });

  it('reports no_candidate for prose without any object or array', () => {
    expect(parseJsonCandidate(candidateOf('I could not do it.'), { mode: 'repair' })).toMatchObject({ ok: false, failure: 'no_candidate' });
  });
});
