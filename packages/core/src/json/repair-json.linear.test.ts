/**
 * Linear time on hostile input, measured without a clock: while one call runs,
 * the string methods the repairer and the schema-aligned readers use are
 * counted (one unit per character compared, searched or copied). The count
 * divided by the input's length must stay under a constant as the input grows
 * sixteenfold, and grow no faster than the input between the two largest sizes.
 * A quadratic path (a re-scan from every position) fails both, deterministically.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchEnum } from '../normalize/match-enum.js';
import { readNumber } from '../normalize/read-number.js';
import { repairJson } from './repair-json.js';

type Counted = 'charCodeAt' | 'indexOf' | 'lastIndexOf' | 'startsWith' | 'slice' | 'includes' | 'trim' | 'trimStart' | 'trimEnd' | 'toLowerCase' | 'normalize' | 'match' | 'replace';

/** Work units of `run()`: characters touched through String.prototype. */
function work(run: () => void): number {
  const proto = String.prototype as unknown as Record<Counted, (...args: unknown[]) => unknown>;
  const saved = new Map<Counted, (...args: unknown[]) => unknown>();
  let units = 0;
  const wrap = (name: Counted, cost: (self: string, args: unknown[], result: unknown) => number): void => {
    const original = proto[name];
    saved.set(name, original);
    proto[name] = function (this: string, ...args: unknown[]) {
      const result = original.apply(this, args);
      units += cost(String(this), args, result);
      return result;
    };
  };
  const length = (r: unknown): number => (typeof r === 'string' ? r.length : 1);
  wrap('charCodeAt', () => 1);
  wrap('indexOf', (self, [, from], r) => ((r as number) < 0 ? self.length : (r as number)) - Number(from ?? 0) + 1);
  wrap('lastIndexOf', (self) => self.length);
  wrap('startsWith', (_, [needle]) => String(needle).length);
  wrap('includes', (self) => self.length);
  for (const name of ['slice', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'normalize'] as const) wrap(name, (_, __, r) => length(r));
  wrap('match', (self) => self.length);
  wrap('replace', (self) => self.length);
  try {
    run();
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return units;
}

/** Hostile families: each builds an input of about `n` characters from one repeated unit. */
const FAMILIES: Record<string, (n: number) => string> = {
  singleQuotes: (n) => "'".repeat(n),
  doubleQuotes: (n) => '"'.repeat(n),
  backticks: (n) => '`'.repeat(n),
  tripleQuotes: (n) => '"""'.repeat(n / 3),
  unclosedTriple: (n) => '{"a": """' + 'x"'.repeat(n / 2),
  unclosedStrings: (n) => '[' + "'a, ".repeat(n / 4),
  innerQuotes: (n) => '{"a": "b' + ' "c'.repeat(n / 3),
  quoteComma: (n) => '{"a":"' + 'x",'.repeat(n / 3),
  blockComments: (n) => '/*'.repeat(n / 2),
  lineComments: (n) => '{' + '// c\n'.repeat(n / 5) + '"a": 1}',
  hashComments: (n) => '{"a": 1 ' + '# c\n'.repeat(n / 4) + '}',
  hashCommentsClosingLists: (n) => '['.repeat(Math.min(n / 8, 900)) + '1' + ' # ]'.repeat(Math.min(n / 8, 900)) + ' '.repeat(n / 2),
  quotationsInUnclosedValue: (n) => '{"a": "x' + ' "y" z'.repeat(n / 6) + '}',
  quotationOpenersInUnclosedValue: (n) => '{"a": "x' + ' "y'.repeat(n / 3) + '}',
  spacesBeforeUnclosedValue: (n) => '{"a":' + ' '.repeat(n / 2) + '"x' + ' "y'.repeat(n / 6) + '}',
  colonInKeys: (n) => '{' + '"a:"b", '.repeat(n / 8) + '}',
  colonInKeyLongValue: (n) => '{' + '"a:"'.repeat(n / 4) + 'b'.repeat(n) + '}',
  concatenation: (n) => '"a" + '.repeat(n / 6),
  unquotedKeys: (n) => '{' + 'a: '.repeat(n / 3),
  unquotedWords: (n) => '{a: ' + 'word '.repeat(n / 5) + '}',
  numberThenWords: (n) => '{' + 'a: 1 b '.repeat(n / 7) + '}',
  missingCommas: (n) => '{' + 'a: 1 '.repeat(n / 5) + '}',
  apostrophes: (n) => '{a: ' + "it's ".repeat(n / 5) + ', b: 2}',
  quotesInValue: (n) => '{a: x ' + '"" '.repeat(n / 3) + '}',
  quoteRunInValue: (n) => '{a: 1 ' + '"'.repeat(n) + '}',
  openers: (n) => '[{'.repeat(n / 2),
  closers: (n) => '{"a": 1}' + '}]'.repeat(n / 2),
  escapedJson: (n) => '{\\"a\\": \\"' + 'x\\"'.repeat(n / 3),
  proseAndBraces: (n) => 'Sure: '.repeat(n / 12) + '{ { [ ',
  ndjsonLike: (n) => '{"a":1}\n'.repeat(n / 8),
  controlChars: (n) => '"' + 'x\n'.repeat(n / 2) + '"',
  // Strings whose end quote never comes, each first read to the end of the text (found by the random mixes below).
  groupedNumber: (n) => '{"a": 1' + ',000'.repeat(n / 4) + '}',
  groupsThenKey: (n) => '{"a": 1' + ',000'.repeat(n / 4) + ': x}',
  endlessStrings: (n) => "x `'a[".repeat(n / 6),
  endlessApostrophes: (n) => "\n\\,it's `[".repeat(n / 10),
  // scalars: commas and line breaks that do not end a value, each looked past once.
  spannedCommas: (n) => '{a: ' + 'x, y '.repeat(n / 5) + '}',
  spannedLines: (n) => '{a: ' + 'x\ny '.repeat(n / 4) + '}',
  keyLikeCommas: (n) => '{a: ' + 'x, yyyy-yyyy '.repeat(n / 14) + '}',
  unbalancedValues: (n) => '{' + 'a: (x, '.repeat(n / 7) + '}',
  unbalancedMismatch: (n) => '{' + 'a: [x), '.repeat(n / 8) + '}',
  callValues: (n) => '{' + 'a: f(x, '.repeat(n / 8) + '}',
  nestedCallValues: (n) => '{a: ' + 'f(x, {b: '.repeat(n / 10),
  slashValues: (n) => '[' + '/a, '.repeat(n / 4) + ']',
  slashRuns: (n) => '{"a": /' + 'x'.repeat(n) + '}',
  slashGroups: (n) => '[1' + '/2'.repeat(n / 2) + 'x]',
  underscores: (n) => '[1' + '_1'.repeat(n / 2) + 'x]',
  tupleOpeners: (n) => '('.repeat(n),
  tupleGroups: (n) => '(1'.repeat(n / 2),
  unclosedSets: (n) => '[' + '{"a", '.repeat(n / 6),
  setLikeObjects: (n) => '[' + '{"a", "b": 1}, '.repeat(n / 15) + ']',
  nestedSets: (n) => '{1, '.repeat(n / 4),
  // strings: inner quotes in an object value, each followed by what a member lookahead reads.
  valueInnerQuotes: (n) => '{"a": "' + 'x "y" '.repeat(n / 6) + '"}',
  valueQuoteCommas: (n) => '{"a": "' + 'x", y '.repeat(n / 6) + '"}',
  valueQuotedKeys: (n) => '{"a": "' + 'x", "y" z '.repeat(n / 10) + '"}',
  valueBareKeys: (n) => '{"a": "' + 'x", yyyyyyyy "z '.repeat(n / 15),
  valueColonQuotes: (n) => '{"a": "' + 'k": "v'.repeat(n / 6) + '}',
  valueEmbedded: (n) => '{"a": "{' + '"k": "v"}, '.repeat(n / 11),
  lonelyBackslashes: (n) => '{"a": "' + '\\s'.repeat(n / 2) + '"}',
  fenceLines: (n) => '{"a": "x' + '\n```js\n'.repeat(n / 8) + '\n```\nprose',
  // structure: closers, words and fences each looked past a bounded stretch.
  strayClosers: (n) => '{"a": 1' + '}, "k": 1'.repeat(n / 9) + '}',
  closersBeforeNearKeys: (n) => '[' + '{} "' + 'x'.repeat(300) + '" '.repeat(1) + '{}, "k" '.repeat(n / 8) + ']',
  closersBeforeLongKeys: (n) => '[{}' + ' "'.repeat(n / 2),
  mismatchedClosers: (n) => '[1' + '}, 1'.repeat(n / 4) + ']',
  strayWords: (n) => '{"a": 1, ' + 'WORD "b": 1, '.repeat(n / 13) + '}',
  wordsNoKey: (n) => '{"a": "x" ' + 'w '.repeat(n / 2) + '}',
  wordsBeforeLongKeys: (n) => '{"a": 1, ' + 'w "'.repeat(n / 3),
  fenceLinesInArray: (n) => '[1,\n' + '  ```x\n'.repeat(n / 7) + ']',
  cutOffSigns: (n) => '[' + '-, '.repeat(n / 3) + '- ',
  bracketComments: (n) => '{"a": [' + '// ]\n/* { */'.repeat(n / 12) + '1]}',
};

const SIZES = [1_000, 4_000, 16_000] as const;
/** Units per input character allowed; a linear pass with a few re-reads stays far below it. */
const PER_CHAR = 64;

function profile(make: (n: number) => string, run: (text: string) => void): number[] {
  return SIZES.map((n) => {
    const text = make(n);
    return work(() => run(text)) / text.length;
  });
}

function expectLinear(perChar: number[], label: string): void {
  for (const v of perChar) expect(v, `${label}: ${perChar.map((x) => x.toFixed(1)).join(' → ')} units per character`).toBeLessThan(PER_CHAR);
  // Quadratic work per character grows ×4 with each size step; linear work stays flat.
  expect(perChar[2]!, `${label} grows faster than the input`).toBeLessThan(perChar[1]! * 1.5 + 2);
}

describe('linear time (counted work, no clock)', () => {
  it('the measure tells a quadratic scan from a linear one', () => {
    const quadratic = (t: string): void => {
      for (let i = 0; i < t.length; i += 8) t.indexOf('}', i);
    };
    expect(() => expectLinear(profile((n) => 'x'.repeat(n), quadratic), 'quadratic reference')).toThrow();
    expectLinear(profile((n) => 'x'.repeat(n), (t) => void t.indexOf('}')), 'linear reference');
  });

  it.each(Object.keys(FAMILIES))('repairJson: %s', (name) => {
    expectLinear(profile(FAMILIES[name]!, (t) => void repairJson(t)), name);
    expectLinear(profile(FAMILIES[name]!, (t) => void repairJson(t, { expect: 'object' })), `${name} (object expected)`);
  });

  it('repairJson joining fenced roots (NDJSON allowed)', () => {
    const families: Record<string, (n: number) => string> = {
      fencedRoots: (n) => '```json {"a": 1} ``` x '.repeat(n / 24),
      fencesWithoutRoots: (n) => '{"a": 1} ' + '``` x '.repeat(n / 6),
    };
    for (const [name, make] of Object.entries(families)) expectLinear(profile(make, (t) => void repairJson(t, { allowNdjson: true })), name);
  });

  it('repairJson on random mixes of the hostile units', () => {
    const unit = fc.constantFrom("'", '"', '`', '"""', '{', '[', '}', ']', ':', ',', ' ', '\n', 'a', '1', '/*', '//', '# ', '+', '\\', "it's ");
    fc.assert(
      fc.property(fc.array(unit, { minLength: 4, maxLength: 12 }), (parts) => {
        const motif = parts.join('');
        expectLinear(profile((n) => motif.repeat(Math.ceil(n / motif.length)), (t) => void repairJson(t)), JSON.stringify(motif));
      }),
      // A fixed seed: the same motifs every run (a failure names its motif; add it as a family above).
      { numRuns: 150, seed: 22 },
    );
  });

  it('repairJson: one object value holding 100,000 inner quotes (strings)', () => {
    const text = '{"notes": "' + 'said "hi", then '.repeat(50_000) + '"}';
    const r = { value: undefined as unknown };
    const perChar = work(() => {
      const out = repairJson(text);
      r.value = out.ok ? out.value : undefined;
    }) / text.length;
    expect(perChar, `${perChar.toFixed(1)} units per character`).toBeLessThan(PER_CHAR);
    expect((r.value as { notes: string }).notes).toBe('said "hi", then '.repeat(50_000));
  });

  it('the number and enum readers', () => {
    const values = ['POSITIVE', 'NEGATIVE', 'NOT_SPAM', 'car-2'];
    const names = { values, aliases: new Map<unknown, readonly string[]>([['POSITIVE', ['upbeat', 'very good']]]) };
    const texts: Record<string, (n: number) => string> = {
      digits: (n) => '1 '.repeat(n / 2),
      groups: (n) => '1,'.repeat(n / 2),
      words: (n) => 'positive very '.repeat(n / 14),
      carDashes: (n) => 'car-'.repeat(n / 4),
    };
    for (const [label, make] of Object.entries(texts)) {
      expectLinear(profile(make, (t) => void readNumber(t)), `readNumber ${label}`);
      expectLinear(profile(make, (t) => void matchEnum(t, names)), `matchEnum ${label}`);
    }
  });
});
