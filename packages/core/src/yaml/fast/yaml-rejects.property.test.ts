/**
 * The repair loop and strict attempts trust some fast-loader bails as refusals
 * without asking `yaml` (YAML_REJECTS). These hold that claim against `yaml`
 * itself: on every fixture text, on every intermediate text the repair loop
 * produces from it, and on generated line soups built from the shapes agents
 * emit (indents, keys, colons in values, list items, explicit keys, anchors).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { toLines } from '../line-table.js';
import { repairYaml } from '../repair-yaml.js';
import { resolveYamlHints } from '../resolve-yaml-hints.js';
import { YAML_PARSE_OPTIONS } from '../yaml-options.js';
import { loadWithYaml } from '../load-yaml.js';
import { YAML_REJECTS } from './fast-yaml-bail.js';
import { loadYamlFast } from './load-yaml-fast.js';

const SRC = fileURLToPath(new URL('../../', import.meta.url));
/** The shipped contracts' fixtures, when the workspace has them: real agent YAML with its defects. */
const PACK = fileURLToPath(new URL('../../../../contracts/src/fixtures/', import.meta.url));

function inputs(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) inputs(path, out);
    else if (name === 'input.txt') out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

/** The text as given and every text the repair loop would re-parse on the way. */
function withRepairSteps(text: string): string[] {
  const steps = [text];
  repairYaml(toLines(text), { hints: resolveYamlHints(undefined) }, (step) => {
    steps.push(step);
    return null;
  });
  return steps;
}

/**
 * The claims: a trusted bail means `yaml` reports an error too, and a worded refusal is
 * exactly `yaml`'s first error (message and line). Returns the counter-example, if any.
 */
function breaksClaim(text: string): string | undefined {
  const fast = loadYamlFast(text);
  if (fast.ok) return undefined;
  if (fast.message !== undefined) {
    const own = loadWithYaml(text);
    const same = !own.ok && own.error === fast.message && own.line === fast.line! + 1;
    return same ? undefined : `${fast.reason} (${fast.message}, line ${fast.line! + 1}) but yaml: ${JSON.stringify(own)}: ${JSON.stringify(text)}`;
  }
  if (!YAML_REJECTS.has(fast.reason)) return undefined;
  return parseDocument(text, YAML_PARSE_OPTIONS).errors.length === 0 ? `${fast.reason}: ${JSON.stringify(text)}` : undefined;
}

const indent = fc.constantFrom('', ' ', '  ', '   ', '    ', '\t', '\t  ', ' \t');
const word = fc.constantFrom('a', 'title', 'id', 'status', 'Q01', 'fix <T> now', 'x y', '"q"', "'s'", '"a: b"', 'http://x.io/a', 'C:\\tmp', '|', '>-', 'x # c', '"open', "it''s", '@at', '`cmd`', 'a @b', '@x: y', '\t# c', '[1, 2', '{a: 1', ']', '}', '2]', '3,', 'q"', "s'", "'open");
const line = fc.oneof(
  fc.tuple(indent, word, fc.constantFrom(':', ': ', ':  '), fc.option(word)).map(([i, k, c, v]) => `${i}${k}${c}${v ?? ''}`),
  fc.tuple(indent, fc.constantFrom('- ', '-', '- - '), fc.option(word)).map(([i, d, v]) => `${i}${d}${v ?? ''}`),
  fc.tuple(indent, word, fc.constantFrom(': ', ''), word, fc.constantFrom(': ', ':', ' '), word).map((p) => p.join('')),
  fc.tuple(indent, fc.constantFrom('? ', ': ', '[a, b]: ', '{a: 1}: ', '&x ', '!!str ', '*x ', '| ', '> ', '# ', '---', '...'), fc.option(word)).map(([i, p, v]) => `${i}${p}${v ?? ''}`),
  fc.tuple(indent, word).map(([i, w]) => `${i}${w}`),
  fc.tuple(indent, fc.constantFrom('a: ', '- ', '', 'a: [1, 2]', '--- '), fc.constantFrom('"x"', "'y'", '[1]', '{b: 2}', '|', '>-'), fc.constantFrom(' z', ': v', ':', ' # c', ' "w"', ' x: y', '')).map((p) => p.join('')),
  fc.constantFrom('Sure! Here it is.', 'Done. Output:', "Okay, here's the plan: two steps", 'Note - see below', '- not a list: really', 'a - b', 'x', '"quoted"', "'single'"),
  fc.constant(''),
);
const soup = fc.array(line, { minLength: 1, maxLength: 8 }).map((lines) => lines.join('\n'));

describe('trusted fast-loader refusals agree with yaml', () => {
  it('on every fixture input and every repair step of it', () => {
    const texts = [...inputs(SRC), ...(existsSync(PACK) ? inputs(PACK) : [])];
    expect(texts.length).toBeGreaterThan(100);
    const broken = texts.flatMap(withRepairSteps).map(breaksClaim).filter((x) => x !== undefined);
    expect(broken).toEqual([]);
  });

  it('on generated line soups', () => {
    fc.assert(
      fc.property(soup, (text) => {
        expect(breaksClaim(text)).toBeUndefined();
      }),
      { numRuns: Number(process.env.YAML_REJECTS_RUNS ?? 5000), seed: Number(process.env.YAML_REJECTS_SEED ?? 20261125) },
    );
  });

  it('on truncated and prose-broken mappings (a keyless plain line where a key is due)', () => {
    const key = fc.constantFrom('a', 'id', 'answer_type', 'x y');
    const plain = fc.constantFrom('answer_typ', 'free', 'x y z', 'C\\tmp', 'a-b', 'see below.', 'é', '1', 'null', 'a:b', 'a # c', '- x', '"q"', 'k:', '? k', '[a]');
    const entry = fc.tuple(fc.constantFrom('', '  ', '    '), key, fc.constantFrom(': 1', ':', ': v w')).map((p) => p.join(''));
    const text = fc.tuple(fc.array(entry, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '  ', '    ', '      '), plain, fc.array(fc.oneof(entry, fc.constantFrom('', '# c', '  : v', '   more', '\t', '\u00a0', ' \t# c', '\r')), { maxLength: 3 })).map(([before, i, p, after]) => [...before, `${i}${p}`, ...after].join('\n'));
    fc.assert(
      fc.property(text, (t) => {
        expect(breaksClaim(t)).toBeUndefined();
      }),
      { numRuns: Number(process.env.YAML_REJECTS_RUNS ?? 5000), seed: Number(process.env.YAML_REJECTS_SEED ?? 20261127) },
    );
  });

  it('on block sequences with an entry missing its space (`- a` then `-b`)', () => {
    const item = fc.tuple(fc.constantFrom('- ', '-', '- - ', '  - ', ' -', '   '), fc.constantFrom('a', 'The rate limiter', 'x: y', '', 'b # c', '-', '--', '"q"', '[a]', 'k:'));
    const text = fc
      .tuple(fc.constantFrom('', '  ', '    '), fc.constantFrom('', '  '), fc.array(item, { minLength: 1, maxLength: 5 }), fc.constantFrom('', 'next: 1', '  next: 1', 'next:', '# c'))
      .map(([m, s, items, after]) => [`${m}key:`, ...items.map(([d, v]) => `${m}${s}${d}${v}`), after === '' ? '' : `${m}${after}`].join('\n'));
    fc.assert(
      fc.property(text, (t) => {
        expect(breaksClaim(t)).toBeUndefined();
      }),
      { numRuns: Number(process.env.YAML_REJECTS_RUNS ?? 5000), seed: Number(process.env.YAML_REJECTS_SEED ?? 20261128) },
    );
  });

  it('counts refusals that actually happen (the claim is not vacuous)', () => {
    const reasons = new Set<string>();
    for (const text of ['a:\n  b: 1\n c: 2', 'a: 1\nb c d', 'title: Fix: the thing', '  - a\n- b', 'Sure! Here it is.\n\nschema_version: 1', 'a: "x" y', 'a: @x', 'a: [1,\n2', '- a\n\tb', 'a: b\n  c: d']) {
      const fast = loadYamlFast(text);
      if (!fast.ok) reasons.add(fast.reason);
    }
    expect([...reasons].sort()).toEqual([...YAML_REJECTS].sort());
  });

  it('words tab indentation, repeated keys, a keyless plain line, prose before keys and a dash missing its space as yaml does', () => {
    const texts = ['a: 1\n\tb: 2', 'a:\n  b: 1\n  b: 2', 'a:\n  b: 1\n  answer_typ', '# note\nSure! Here it is.\n\nschema_version: 1', 'tests:\n  - a\n  -b\nnext: 1'];
    const worded = texts.map((text) => loadYamlFast(text));
    expect(worded.map((r) => (r.ok ? 'ok' : `${r.message} @${r.line}`))).toEqual([
      'Tabs are not allowed as indentation @1',
      'Map keys must be unique @2',
      'Implicit map keys need to be followed by map values @2',
      'Implicit keys need to be on a single line @1',
      'All mapping items must start at the same column @2',
    ]);
    for (const text of texts) expect(breaksClaim(text)).toBeUndefined();
    // Not worded: a tab-led comment is valid, `1` and `"1"` are distinct keys in yaml.
    expect(['a: 1\n\t# c\nb: [', '1: a\n"1": b'].map((text) => loadYamlFast(text)).map((r) => (r.ok ? 'ok' : r.message))).toEqual([undefined, undefined]);
  });
});
