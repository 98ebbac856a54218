import { describe, expect, it } from 'vitest';
import { PartialReader, type ReaderOptions } from './partial-reader.js';
import { tokenOf, type ReaderSnapshot } from './reader-state.js';

const OBJECT: ReaderOptions = { expect: 'object', maxDepth: 1000, maxLength: 1 << 24 };
const ANY: ReaderOptions = { ...OBJECT, expect: 'any' };

function feed(chunks: readonly string[], options: ReaderOptions = OBJECT): ReaderSnapshot {
  const reader = new PartialReader(options);
  let snapshot = reader.snapshot();
  for (const chunk of chunks) snapshot = reader.push(chunk);
  return snapshot;
}

/** Every split of a text into two chunks, and one character per chunk. */
function splits(text: string): string[][] {
  const out = [[text], [...text]];
  for (let k = 1; k < text.length; k++) out.push([text.slice(0, k), text.slice(k)]);
  return out;
}

const rules = (s: ReaderSnapshot): string[] => s.interventions.slice(0, s.interventionCount).map((i) => i.rule);

describe('PartialReader', () => {
  it('reads a complete root the same however the text is cut', () => {
    const text = '{"a": [1, -2.5e3, true, null], "b": "x\\u00e9\\n\\"y", "c": {}}';
    for (const chunks of splits(text)) {
      expect(feed(chunks).done?.value, JSON.stringify(chunks)).toEqual(JSON.parse(text));
    }
  });

  it('keeps the members of open containers and the token in progress', () => {
    const s = feed(['{"a": [1, 2', ', 3], "b": "he']);
    expect(s.done).toBeUndefined();
    expect(s.top?.keys).toEqual(['a']);
    expect(s.top?.values).toEqual([[1, 2, 3]]);
    expect(tokenOf(s)).toMatchObject({ kind: 'string', role: 'value', slot: 'b', text: 'he' });
  });

  it('holds a number or literal read whole until its delimiter', () => {
    const s = feed(['{"n": 12 \n ']);
    expect(s.settled).toMatchObject({ kind: 'number', value: 12, slot: 'n' });
    expect(s.top?.values).toEqual([]);
    expect(feed(['{"n": 12 ', ',']).top?.values).toEqual([12]);
  });

  it('knows the longest whole prefix of a cut-off number', () => {
    expect(tokenOf(feed(['-1.25e+'], ANY))).toMatchObject({ kind: 'number', text: '-1.25e+', wholePrefix: '-1.25', whole: false });
    expect(tokenOf(feed(['[0.'], ANY))).toMatchObject({ wholePrefix: '0', whole: false });
  });

  it('decodes escapes cut anywhere, leaving an unfinished one out', () => {
    expect(feed(['"a\\', 'u00', 'e9b"'], ANY).done?.value).toBe('aéb');
    expect(tokenOf(feed(['"the newline\\'], ANY))?.text).toBe('the newline');
    expect(tokenOf(feed(['"\\u00'], ANY))?.text).toBe('');
  });

  it('reads the lenient forms models write, recording each', () => {
    const s = feed(["{'a': 1, b: True, /* c */ \"d\": [None,], // e\n}"]);
    expect(s.done?.value).toEqual({ a: 1, b: true, d: [null] });
    expect(rules(s)).toEqual(['single_quoted_string', 'unquoted_key', 'python_literal', 'block_comment_removed', 'python_literal', 'trailing_comma', 'line_comment_removed', 'trailing_comma']);
    // The last comma's record points at the comma, not at the comment after it.
    expect(s.interventions[s.interventionCount - 1]!.span).toEqual([38, 39]);
  });

  it('reads comments whose markers fall on chunk boundaries', () => {
    expect(feed(['{"a": 1 /', '* x *', '/ }']).done?.value).toEqual({ a: 1 });
    expect(feed(['{"a": 1 /', '/ x', '\n}']).done?.value).toEqual({ a: 1 });
  });

  it('skips prose and a fence opener before the root, and notes text after it', () => {
    const s = feed(['Sure! Here it is:\n```json\n{"a"', ': 1}\n```\nDone.']);
    expect(s.done?.value).toEqual({ a: 1 });
    expect(s.root).toEqual({ start: 26, proseStart: 0, proseExcerpt: 'Sure! Here it is:\n```json\n', trailingStart: 35 });
  });

  it('resumes the prose skip when a bracket in prose turns out not to open the root', () => {
    for (const chunks of splits('See [the notes] below: {"a": 1}')) {
      const s = feed(chunks);
      expect(s.done?.value, JSON.stringify(chunks)).toEqual({ a: 1 });
      expect(s.root.proseExcerpt).toBe('See [the notes] below: ');
    }
  });

  it('reports the error of a root given up for prose when no other root comes', () => {
    const reader = new PartialReader(OBJECT);
    expect(reader.push('Here: {"a" 1}').error).toBeUndefined();
    expect(reader.end().error).toEqual({ message: 'Expected \':\' after the key "a".', position: 11 });
  });

  it('reads a bare scalar as the root only where the contract takes any value', () => {
    expect(feed(['"abc"'], ANY).done?.value).toBe('abc');
    expect(feed(['true '], ANY).done?.value).toBe(true);
    expect(tokenOf(feed(['42'], ANY))).toMatchObject({ kind: 'number', whole: true });
    expect(feed(['nothing to say'], ANY).root).toMatchObject({ start: -1, proseStart: 0 });
    expect(feed(['"abc"'], OBJECT).root.start).toBe(-1);
  });

  it('settles a bare number at the root when the stream ends', () => {
    const reader = new PartialReader(ANY);
    reader.push('-12');
    expect(reader.end().done?.value).toBe(-12);
  });

  it('stops at the first character that cannot be JSON, with where and why', () => {
    expect(feed(['{"a": 1 "b": 2}']).error).toEqual({ message: "Expected ',' or '}' after a value, found '\"'.", position: 8 });
    expect(feed(['--'], ANY).error?.position).toBe(1);
    expect(feed(['{0'], ANY).error?.position).toBe(1);
    expect(feed(['[tx]'], ANY).error?.message).toBe("Unexpected word 'tx…' where a value should start.");
  });

  it('refuses nesting past the limit and text past the length limit', () => {
    expect(feed(['[[[[1]]]]'], { ...ANY, maxDepth: 3 }).error?.message).toBe('The value nests deeper than the limit of 3.');
    expect(feed(['[1,', '2]'], { ...ANY, maxLength: 4 }).error?.message).toBe('The model output is over the limit of 4 characters.');
  });

  it('keeps a snapshot as it was when later pushes complete its members', () => {
    const reader = new PartialReader(OBJECT);
    const early = reader.push('{"a": [1, 2');
    reader.push(', 3], "b": 4}');
    expect(early.top?.kind).toBe('array');
    expect(early.top!.values.slice(0, early.top!.seqs.filter((s) => s < early.seq).length)).toEqual([1]);
    expect(tokenOf(early)?.text).toBe('2');
  });
});
