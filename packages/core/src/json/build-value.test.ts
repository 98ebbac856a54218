/**
 * The value the repairer builds as it reads is `JSON.parse` of its repaired text: same
 * shapes, key order, own `__proto__` members, `-0`; and wherever the builder gives a value
 * the repaired text parses. Checked on every conformance corpus's inputs under each root
 * option, on the fixtures, and on random damaged JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConformance } from './conformance/load-conformance.js';
import { repairJson, type RepairJsonOptions } from './repair-json.js';

/** Equal as `JSON.parse` would make them: key order, own properties, and `Object.is` on numbers. */
function sameParse(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameParse(ra[k as string], rb[k as string]));
}

const VARIANTS: RepairJsonOptions[] = [{}, { expect: 'object' }, { expect: 'array' }, { allowNdjson: true }];

/** Null when the repair's value is `JSON.parse` of its text (or it failed), else what differs. */
function mismatch(input: string, options: RepairJsonOptions): string | null {
  const r = repairJson(input, options);
  if (!r.ok) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.text);
  } catch {
    return `value ${JSON.stringify(r.value)} for a text that does not parse: ${JSON.stringify(r.text)}`;
  }
  return sameParse(r.value, parsed) ? null : `built ${JSON.stringify(r.value)}, text reads ${JSON.stringify(parsed)}`;
}

const CORPORA = ['jsonrepair.json', 'best-effort-json-parser.json', 'json_repair.dev.json', 'baml.dev.json', 'partial_json.dev.json', 'looptroop.dev.json'];
const corpusInputs = CORPORA.flatMap((file) => (loadConformance(file) ?? []).map((c) => ({ id: c.id, input: c.input })));
const fixtureRoot = fileURLToPath(new URL('./fixtures', import.meta.url));
const fixtureInputs = readdirSync(fixtureRoot).map((name) => ({ id: name, input: readFileSync(join(fixtureRoot, name, 'input.txt'), 'utf8') }));

describe('the value built while reading', () => {
  it('is the parse of the repaired text on every corpus input and fixture, under each root option', () => {
    if (corpusInputs.length === 0) console.warn('[conformance] ../shared/conformance not found beside the repository: only the fixtures are checked.');
    const wrong: string[] = [];
    for (const { id, input } of [...corpusInputs, ...fixtureInputs]) {
      for (const options of VARIANTS) {
        const m = mismatch(input, options);
        if (m !== null) wrong.push(`${id} ${JSON.stringify(options)}: ${m}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is the parse of the repaired text on random damaged JSON', () => {
    // Valid JSON with pieces of the repairs' vocabulary spliced in, and cut anywhere.
    const damage = fc.constantFrom("'", '"', ',', ':', '}', ']', '{', '[', '\\', '\n', ' ', 'True', 'None', '// c\n', '/* c */', '+', '...', '`', '\u201c', '(', ')', '#', '-', '.', 'e', '0');
    const damaged = fc.tuple(fc.json({ maxDepth: 3 }), fc.array(fc.tuple(fc.nat(), damage), { maxLength: 6 }), fc.option(fc.nat())).map(([json, edits, cut]) => {
      let text = json;
      for (const [at, piece] of edits) {
        const k = at % (text.length + 1);
        text = text.slice(0, k) + piece + text.slice(k);
      }
      return cut === null ? text : text.slice(0, cut % (text.length + 1));
    });
    fc.assert(
      fc.property(damaged, fc.constantFrom(...VARIANTS), (text, options) => {
        expect(mismatch(text, options)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('is the parse of the repaired text on random text of the repairs\' vocabulary', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', ' ', '\n', 'a', '1', '.', '-', '/', '*', '\\', '+', 'True', 'null', '...', '`', '(', ')', 'u', '#');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }).map((p) => p.join('')), fc.constantFrom(...VARIANTS), (text, options) => {
        expect(mismatch(text, options)).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it('drops a missing value\'s null with the member cut off after it', () => {
    // `{(:,` gives key `(` a null, then the member is dropped at the cut: the text reads `{}`.
    for (const text of ['{(:,/', '{"a":,"b"', '{"a": 1, "b":, "c": tr']) expect(mismatch(text, {})).toBeNull();
    const r = repairJson('{"a": 1, "b":, "c": tr');
    expect(r.ok && r.value).toEqual(JSON.parse(r.ok ? r.text : 'null'));
  });

  it('keeps JSON.parse semantics the builder must copy: __proto__ as own data, duplicate keys, -0, escapes', () => {
    const r = repairJson(`{'__proto__': {'x': 1}, a: -0, b: 'it\\'s', a: "\\u00e9\\n", '1': [1e400,],}`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const value = r.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.keys(value)).toEqual(['1', '__proto__', 'a', 'b']);
    expect(value.a).toBe('\u00e9\n');
    expect(value.b).toBe("it's");
    expect(value['1']).toEqual([Infinity]);
    expect(sameParse(r.value, JSON.parse(r.text))).toBe(true);
  });

  it('reads no repaired text: the whole text is never parsed again', () => {
    const parse = JSON.parse;
    const seen: string[] = [];
    JSON.parse = ((text: string) => (seen.push(text), parse(text))) as typeof JSON.parse;
    try {
      const r = repairJson("{name: 'Ada', tags: ['x', \"y\",], ok: True, n: 12, x: -1.5e3, // note\n}");
      expect(r.ok && r.value).toEqual({ name: 'Ada', tags: ['x', 'y'], ok: true, n: 12, x: -1500 });
    } finally {
      JSON.parse = parse;
    }
    // Only the number that is not a small integer goes through JSON.parse, as a token of its own.
    expect(seen).toEqual(['-1.5e3']);
  });
});
