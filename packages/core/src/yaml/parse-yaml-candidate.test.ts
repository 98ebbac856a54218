import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Candidate } from '../scan/candidate.js';
import { holdsColumnZeroFence, parseYamlCandidate } from './parse-yaml-candidate.js';
import { rawCandidate } from './test-support/yaml-fixtures.js';

const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('./load-yaml.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./load-yaml.js')>();
  return { ...real, loadYaml: (text: string) => (calls.count++, real.loadYaml(text)) };
});

function candidateOf(text: string): Candidate {
  return { source: 'raw', text, span: [0, text.length], prefixStripped: false, noiseStart: -1 };
}

function parses(text: string, mode?: 'strict' | 'repair'): { result: ReturnType<typeof parseYamlCandidate>; parses: number } {
  calls.count = 0;
  const result = parseYamlCandidate(candidateOf(text), mode === undefined ? {} : { mode });
  return { result, parses: calls.count };
}

describe('parseYamlCandidate', () => {
  it('parses clean YAML exactly once, in strict and in default mode', () => {
    for (const mode of ['strict', undefined] as const) {
      const { result, parses: n } = parses('title: Fix login\ntags:\n  - auth\n', mode);
      expect(result).toEqual({ ok: true, value: { title: 'Fix login', tags: ['auth'] }, interventions: [], truncated: false });
      expect(n).toBe(1);
    }
  });

  it('strict mode never repairs', () => {
    const { result, parses: n } = parses('artifact:interview\nstatus: draft', 'strict');
    expect(result.ok).toBe(false);
    expect(result.interventions).toEqual([]);
    expect(n).toBe(1);
  });

  it('repair mode re-parses only after groups that changed the text', () => {
    // One defect fixed in the second group: one parse after that group, none before.
    const { result, parses: n } = parses('artifact:interview\nstatus: draft', 'repair');
    expect(result.ok && result.value).toEqual({ artifact: 'interview', status: 'draft' });
    expect(n).toBe(1);
  });

  it('keeps reporting a prose scalar document as no_candidate, in every mode', () => {
    for (const mode of ['strict', 'repair', undefined] as const) {
      const { result } = parses('Sure, I can help with that. Let me know', mode);
      expect(result.ok ? 'ok' : result.failure).toBe('no_candidate');
    }
  });

  it('names the candidate line of a remaining syntax error', () => {
    const { result } = parses('a: 1\nb: [unclosed\nc: 2', 'repair');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^YAML: .*\(line \d+\)$/);
  });

  it('fails strict mode on trailing noise and trims it in repair mode', () => {
    const text = 'status: done\n\u001b[0m';
    const candidate = rawCandidate(text);
    expect(candidate.noiseStart).toBeGreaterThan(0);
    expect(parseYamlCandidate(candidate, { mode: 'strict' }).ok).toBe(false);
    const repaired = parseYamlCandidate(candidate, { mode: 'repair' });
    expect(repaired.ok && repaired.value).toEqual({ status: 'done' });
    expect(repaired.interventions).toMatchObject([{ rule: 'trailing_noise_trimmed', span: [13, text.length], before: '\u001b[0m', after: '' }]);
  });

  it('keeps spans right after earlier repairs removed lines (line table)', () => {
    const text = '<OUT>\n```yaml\nid: a\nrationale: some rules: apply\n';
    const result = parseYamlCandidate(candidateOf(text), { mode: 'repair' });
    const colon = result.interventions.find((i) => i.rule === 'yaml_plain_scalar_colon_quoted')!;
    expect(text.slice(colon.span![0], colon.span![1])).toBe('rationale: some rules: apply');
    expect(colon.before).toBe('rationale: some rules: apply');
  });
});

describe('hostile-input settings', () => {
  it('keeps __proto__ as an own data property and leaves Object.prototype clean', () => {
    const { result } = parses('__proto__: {polluted: 1}\nconstructor: {prototype: {polluted: 1}}\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('fails a billion-laughs document cleanly', () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [k, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e']] as const) {
      laughs.push(`${k}: &${k} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`);
    }
    const { result } = parses(laughs.join('\n'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toBe('syntax');
  });

  it('reports duplicate keys instead of keeping the last one', () => {
    const { result } = parses('status: open\nstatus: closed', 'strict');
    expect(result.ok ? 'ok' : result.error).toMatch(/unique/);
  });

  it('reads merge keys as plain data', () => {
    const { result } = parses('base: &b {x: 1}\nchild:\n  <<: *b\n  y: 2\n');
    expect(result.ok && result.value).toEqual({ base: { x: 1 }, child: { '<<': { x: 1 }, y: 2 } });
  });

  it('resolves no custom or language tags (core schema only)', () => {
    const { result } = parses('f: !!js/function "function () {}"\nd: !!timestamp 2026-01-01\nb: !!binary aGk=\ns: !!set {a: null}\nn: !custom x\nt: 2026-01-01\n');
    expect(result.ok && result.value).toEqual({ f: 'function () {}', d: '2026-01-01', b: 'aGk=', s: { a: null }, n: 'x', t: '2026-01-01' });
  });

  it('never throws on deeply nested input', () => {
    const { result } = parses('['.repeat(20_000) + ']'.repeat(20_000));
    expect(typeof result.ok).toBe('boolean');
  });
});

describe('holdsColumnZeroFence', () => {
  it('answers as /^```/m on texts of backticks, line breaks of every kind and words', () => {
    const piece = fc.constantFrom('`', '```', '\n', '\r', '\r\n', '\u2028', '\u2029', 'a', ' ', '````');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(holdsColumnZeroFence(text)).toBe(/^```/m.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a fence line after another backtick run on the text', () => {
    expect(holdsColumnZeroFence('a: `x```\n```yaml')).toBe(true);
    expect(holdsColumnZeroFence('a: ```x```')).toBe(false);
    expect(holdsColumnZeroFence('```')).toBe(true);
  });
});
