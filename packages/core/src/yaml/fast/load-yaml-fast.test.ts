import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { YAML_PARSE_OPTIONS, YAML_TO_JS_OPTIONS } from '../yaml-options.js';
import { fastYamlStats, loadYamlFast, resetFastYamlStats } from './index.js';
import { pendingItemsHeld } from './pending-items.js';
import { blockScalarDocument, editedText, TRICKY_SCALARS, yamlDocument } from './test-support/yaml-document-arbitrary.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const coreSrc = join(here, '..', '..');

type Reference = { ok: true; value: unknown } | { ok: false };

/** The parser of record, exactly as the YAML stage calls it. */
function reference(text: string): Reference {
  try {
    const doc = parseDocument(text, YAML_PARSE_OPTIONS);
    if (doc.errors.length > 0) return { ok: false };
    return { ok: true, value: doc.toJS(YAML_TO_JS_OPTIONS) };
  } catch {
    return { ok: false };
  }
}

/** Differential check: bailing is always allowed; accepting demands an error-free, deep-strict-equal (-0, NaN, prototypes) `yaml` result. */
function agrees(text: string): boolean {
  const fast = loadYamlFast(text);
  if (!fast.ok) return true;
  const ref = reference(text);
  return ref.ok && isDeepStrictEqual(fast.value, ref.value);
}

function explain(text: string): string {
  const fast = loadYamlFast(text);
  return `${JSON.stringify(text)}\nfast: ${JSON.stringify(fast)}\nyaml: ${JSON.stringify(reference(text))}`;
}

function expectAgreement(text: string): void {
  if (!agrees(text)) expect.fail(explain(text));
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Every file under a `fixtures` folder of core, found at test time. */
const fixtureFiles = walk(coreSrc, []).filter((path) => /[\\/]fixtures[\\/]/.test(relative(coreSrc, path)));
const yamlFixtures = fixtureFiles.filter((path) => /\.ya?ml$/.test(path));
// Pipeline fixtures hold raw model outputs (prose, fences, JSON, YAML): the fast path must bail or agree on them too.
const rawFixtures = fixtureFiles.filter((path) => path.endsWith('input.txt'));
const artifactDir = join(here, 'fixtures');
const artifacts = readdirSync(artifactDir).filter((name) => name.endsWith('.yaml')).map((name) => readFileSync(join(artifactDir, name), 'utf8'));

beforeEach(() => {
  resetFastYamlStats();
});

describe('loadYamlFast: realistic artifacts', () => {
  it('has the artifact corpus', () => {
    expect(artifacts.length).toBeGreaterThanOrEqual(20);
  });

  it.each(readdirSync(artifactDir).filter((name) => name.endsWith('.yaml')))('%s agrees with yaml', (name) => {
    const text = readFileSync(join(artifactDir, name), 'utf8');
    expectAgreement(text);
    expectAgreement(text.replaceAll('\n', '\r\n'));
  });

  it('accepts at least 95 % of them (the fast path really runs)', () => {
    for (const text of artifacts) loadYamlFast(text);
    const { accepted, bailed } = fastYamlStats();
    expect(accepted + bailed).toBe(artifacts.length);
    expect(accepted / artifacts.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe('loadYamlFast: every fixture in the repo', () => {
  it('finds the YAML fixtures', () => {
    expect(yamlFixtures.length).toBeGreaterThanOrEqual(artifacts.length);
  });

  it('agrees with yaml on every *.yaml / *.yml fixture and every raw input.txt fixture', () => {
    for (const path of [...yamlFixtures, ...rawFixtures]) {
      const text = readFileSync(path, 'utf8');
      if (!agrees(text)) expect.fail(`${relative(coreSrc, path)}\n${explain(text)}`);
    }
    expect(fastYamlStats().accepted).toBeGreaterThanOrEqual(artifacts.length);
  });
});

describe('loadYamlFast: core schema scalars', () => {
  it.each(TRICKY_SCALARS.filter((s) => !s.includes('\n')))('resolves %j like yaml, as value and as key', (s) => {
    for (const text of [`v: ${s}`, `- ${s}`, `${s}: v`, `v: [${s}]`, `v: {k: ${s}}`, `v: "${s}"`, `v: '${s}'`]) expectAgreement(text);
  });

  it('resolves the numbers and nulls the brief names', () => {
    const value = (s: string): unknown => {
      const r = loadYamlFast(`v: ${s}`);
      return r.ok ? (r.value as { v: unknown }).v : 'BAIL';
    };
    expect(value('1_000')).toBe('1_000');
    expect(value('0b1')).toBe('0b1');
    expect(value('1e3')).toBe(1000);
    expect(value('+.5')).toBe(0.5);
    expect(value('0o17')).toBe(15);
    expect(value('012')).toBe(12);
    expect(Object.is(value('-0'), -0)).toBe(true);
    expect(value('-.inf')).toBe(Number.NEGATIVE_INFINITY);
    expect(value('.NaN')).toBeNaN();
    expect(value('NULL')).toBeNull();
    expect(value('2024-01-01')).toBe('2024-01-01');
    expect(value('yes')).toBe('yes');
  });
});

describe('loadYamlFast: structure', () => {
  it.each([
    ['block mapping and sequence', 'a: 1\nb:\n  - x\n  - y\n', { a: 1, b: ['x', 'y'] }],
    ['sequence at the key indentation', 'a:\n- x\n- y\nb: 2', { a: ['x', 'y'], b: 2 }],
    ['compact mappings in a sequence', '- id: 1\n  name: a\n- id: 2\n', [{ id: 1, name: 'a' }, { id: 2 }]],
    ['nested compact sequences', '- - a\n  - b\n- c', [['a', 'b'], 'c']],
    ['quoted keys and values', `"a b": 'it''s'\n'c': "\\t\\u00e9\\x41"`, { 'a b': "it's", c: '\téA' }],
    ['comments everywhere', '# top\na: 1 # one\n  # indented\nb: "#2" # two\n', { a: 1, b: '#2' }],
    ['literal keep', 'a: |+\n  x\n\nb: 1', { a: 'x\n\n', b: 1 }],
    ['keep ignores an unterminated blank last line', 'a: |+\n  x\n  ', { a: 'x\n' }],
    ['keep with only an unterminated blank line', '- >+\n     \n     ', ['\n']],
    ['keep with nothing but an unterminated blank line', 'a: |+\n   ', undefined],
    ['keep at the end of the text', 'a: |+\n  x\n\n', { a: 'x\n\n' }],
    ['folded strip', 'a: >-\n  x\n  y\n\n  z\n', { a: 'x y\nz' }],
    ['flow collections', 'a: [1, "x", {b: ~}]\nc: {}', { a: [1, 'x', { b: null }], c: {} }],
    ['leading document marker and CRLF', '---\r\na: 1\r\n', { a: 1 }],
    ['multi-line plain scalar', 'a: wrapped\n  onto lines\n\n  and a paragraph\n- x', undefined],
    ['folded plain value', 'a: wrapped\n  onto lines\n\n  and a paragraph\nb: 1', { a: 'wrapped onto lines\nand a paragraph', b: 1 }],
    ['empty document', '# nothing\n', null],
    ['empty values', 'a:\nb: \n-\n', { a: null, b: [null] }],
    ['nested mapping in a plain value', 'a: b: c', undefined],
  ])('%s', (_name, text, expected) => {
    const result = loadYamlFast(text);
    if (expected === undefined) {
      expect(result.ok).toBe(false);
      return;
    }
    expect(result).toEqual({ ok: true, value: expected });
    expectAgreement(text);
  });

  it('reads nested block and flow sequences whole, also after a load that bailed inside them', () => {
    // The readers stack sequence items in one shared stack: a bail must not leave them there.
    expect(loadYamlFast('- - a\n  - [b, [c, &x d]]\n').ok).toBe(false);
    expect(loadYamlFast('- - 1\n  - [2, [3]]\n- 4\n- []\n')).toEqual({ ok: true, value: [[1, [2, [3]]], 4, []] });
    expect(loadYamlFast('a:\n  - x\n  - - y\nb: [z]')).toEqual({ ok: true, value: { a: ['x', ['y']], b: ['z'] } });
  });

  it('keeps no item of a load once it returns, finished or bailed', () => {
    expect(loadYamlFast('- - a\n  - [b, [c, &x d]]\n').ok).toBe(false);
    expect(pendingItemsHeld()).toBe(0);
    expect(loadYamlFast('- [1, 2]\n- - 3\n').ok).toBe(true);
    expect(pendingItemsHeld()).toBe(0);
  });

  it('keeps __proto__ as an own data property, like yaml', () => {
    for (const text of ['__proto__: {polluted: true}\n', '"__proto__": x', 'a: {__proto__: 1}', '- __proto__:\n    b: 1']) {
      const result = loadYamlFast(text);
      expect(result.ok).toBe(true);
      expectAgreement(text);
    }
    const result = loadYamlFast('__proto__: {polluted: true}');
    const value = result.ok ? (result.value as Record<string, unknown>) : {};
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('loadYamlFast: bails outside its subset', () => {
  it.each([
    ['anchor', 'a: &x 1\nb: 2'],
    ['alias', 'a: 1\nb: *x'],
    ['tag', 'a: !!str 1'],
    ['merge_key', 'base: {a: 1}\n<<: {b: 2}'],
    ['indicator', '? complex\n: key'],
    ['document_marker', 'a: 1\n---\nb: 2'],
    ['document_end', '...\n'],
    ['directive', '%YAML 1.2\n---\na: 1'],
    ['tab', 'a:\n  b: 1\n  \tc: 2'],
    ['tab_indent', 'a:\n\tb: 1'],
    ['block_scalar_tab', 'a: |\n\tb: 1'],
    ['reserved_indicator', 'a: @b'],
    ['duplicate_key', 'a: 1\na: 2'],
    ['duplicate_key', '1: a\n1.0: b'],
    ['bad_indent', 'a: b # comment\n  then more'],
    ['plain_continuation', 'a: b\n  ? c'],
    ['plain_continuation_key', 'a: b\n  c: d'],
    ['tab_content', '- a\n\tb: 1'],
    ['unclosed_node', 'a: [1,\nb: 2'],
    ['multiline_quoted', 'a: "open\n  quote"'],
    ['multiline_flow', 'a: [1,\n  2]'],
    ['block_indent_indicator', 'a: |2\n   x'],
    ['nested_mapping', 'a: b: c'],
    ['nested_mapping', 'note: "see <Map<K, V>> here": ok'],
    ['line_trailing_colon', '- k: [a]: b'],
    ['unsupported_char', '\ufeffa: 1'],
  ])('%s: %j', (reason, text) => {
    expect(loadYamlFast(text)).toMatchObject({ ok: false, reason });
    expect(fastYamlStats()).toEqual({ accepted: 0, bailed: 1, reasons: { [reason]: 1 } });
  });
});

/** Any code unit or grapheme, weighted towards YAML syntax and line breaks; `unit: 'binary'` is too slow to generate. */
const anyUnit = fc.oneof(
  fc.constantFrom('\n', ': ', ' #', '- ', '\r\n', '\r', '\t', '\ud800', '\u2028', '\ufeff'),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

describe('loadYamlFast: generated documents (differential)', () => {
  it('agrees with yaml on rendered value trees, and accepts a fair share', () => {
    let total = 0;
    fc.assert(
      fc.property(yamlDocument, (text) => {
        total += 1;
        if (!agrees(text)) throw new Error(explain(text));
      }),
      { numRuns: 1500 },
    );
    expect(fastYamlStats().accepted / total).toBeGreaterThan(0.25);
  });

  it('agrees with yaml on dash-led lines deeper than a plain scalar (a drifted `- item`)', () => {
    const indent = fc.integer({ min: 0, max: 5 }).map((n) => ' '.repeat(n));
    const line = fc.tuple(indent, fc.constantFrom('- ', '-', '', '- - ', 'k: ', '? '), fc.constantFrom('a', 'No', 'x: y', 'b #c', "'q'", '[c]', '', '---', 'c:')).map(([i, d, t]) => `${i}${d}${t}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 7 }), (lines) => {
        const text = lines.join('\n');
        if (!agrees(text)) throw new Error(explain(text));
      }),
      { numRuns: 20000 },
    );
    expect(loadYamlFast('k:\n  - Yes\n   - No\n  - x')).toEqual({ ok: true, value: { k: ['Yes - No', 'x'] } });
  });

  it('agrees with yaml on block scalars with ragged lines and endings', () => {
    fc.assert(
      fc.property(blockScalarDocument, (text) => {
        if (!agrees(text)) throw new Error(explain(text));
      }),
      { numRuns: 1500 },
    );
    expect(fastYamlStats().accepted).toBeGreaterThan(300);
  });

  it('agrees with yaml on randomly edited artifacts', () => {
    fc.assert(
      fc.property(editedText(artifacts), (text) => {
        if (!agrees(text)) throw new Error(explain(text));
      }),
      { numRuns: 1000 },
    );
    expect(fastYamlStats().accepted).toBeGreaterThan(100);
  });

  it('is total on arbitrary strings', () => {
    let results = 0;
    fc.assert(
      fc.property(fc.string({ unit: anyUnit, maxLength: 40 }), (text) => {
        const result = loadYamlFast(text);
        if (result.ok || typeof result.reason === 'string') results += 1;
        if (!agrees(text)) throw new Error(explain(text));
      }),
      { numRuns: 300 },
    );
    expect(results).toBe(300);
  });
});
