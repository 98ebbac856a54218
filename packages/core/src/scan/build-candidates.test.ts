import { describe, expect, it } from 'vitest';
import { buildCandidates, candidateList } from './build-candidates.js';
import { selectScan } from './select-scanner.js';

function candidatesOf(raw: string, tags?: string[]) {
  return buildCandidates(raw, selectScan(raw), tags === undefined ? {} : { tags });
}

/** A reproducer: a YAML list about generics, broken by one tab line. */
function genericsList(items: number): string {
  let text = 'tasks:\n';
  for (let i = 0; i < items; i++) text += `  - id: T${i}\n    title: Update <T> handler\n    status: todo\n`;
  return `${text}\t  bad: tab\n`;
}

describe('buildCandidates: unclosed-tag fallbacks', () => {
  it('does not read a one-letter generic parameter as an envelope', () => {
    const candidates = candidatesOf(genericsList(128));
    expect(candidates.map((c) => c.source)).toEqual(['raw']);
  });

  it('keeps an unclosed envelope, after the last opening of its name', () => {
    const raw = 'Working...\n<OUTPUT>\ndraft: 1\n<OUTPUT>\nfinal: 2\n';
    const unclosed = candidatesOf(raw).filter((c) => c.source === 'tagged_unclosed');
    expect(unclosed.map((c) => [c.tag, c.text])).toEqual([['OUTPUT', '\nfinal: 2\n']]);
  });

  it('bounds the overlapping fallbacks to two names, whatever the text holds', () => {
    let raw = '';
    for (let i = 0; i < 500; i++) raw += `<OUTPUT${i}>\nkey: value\n`;
    const candidates = candidatesOf(raw);
    const unclosed = candidates.filter((c) => c.source === 'tagged_unclosed');
    expect(unclosed.map((c) => c.tag)).toEqual(['OUTPUT0', 'OUTPUT1']);
    // Their total length stays a small multiple of the input.
    expect(candidates.reduce((sum, c) => sum + c.text.length, 0)).toBeLessThan(3 * raw.length);
  });

  it('still takes a single-letter tag the contract names', () => {
    const unclosed = candidatesOf('<T>\n{"a": 1}', ['T']).filter((c) => c.source === 'tagged_unclosed');
    expect(unclosed.map((c) => c.tag)).toEqual(['T']);
  });
});

describe('buildCandidates: nested envelopes', () => {
  it('keeps the innermost body of envelopes that only wrap one another', () => {
    let raw = 'a: 1\n';
    for (let k = 0; k < 60; k++) raw = `<ENV${k}>\n${raw}</ENV${k}>\n`;
    const tagged = candidatesOf(raw).filter((c) => c.source === 'tagged');
    expect(tagged.map((c) => [c.tag, c.text])).toEqual([['ENV0', '\na: 1\n']]);
  });

  it('keeps an envelope that holds more than one element', () => {
    const raw = '<OUTPUT>\n<A>x</A>\n<B>y</B>\n</OUTPUT>';
    expect(candidatesOf(raw).filter((c) => c.source === 'tagged').map((c) => c.tag)).toEqual(['A', 'B', 'OUTPUT']);
  });
});

describe('candidateList: known-key candidates on demand', () => {
  const raw = 'Notes first.\n```json\n{"title": "x"}\n```\ntitle: y\npriority: 2';
  const options = { knownKeys: ['title', 'priority'] };

  it('holds the same candidates as buildCandidates once asked, the known-key ones last', () => {
    const list = candidateList(raw, selectScan(raw), options);
    expect(list.candidates.map((c) => c.source)).toEqual(['raw', 'fenced']);
    expect(list.addKnownKeys()).toBe(true);
    expect(list.candidates.map((c) => c.source)).toEqual(['raw', 'fenced', 'known_key']);
    expect(list.candidates.at(-1)!.text).toBe('title: y\npriority: 2');
    expect(list.candidates).toEqual(buildCandidates(raw, selectScan(raw), options));
  });

  it('adds them once, and says so when there are none', () => {
    const list = candidateList(raw, selectScan(raw), options);
    list.addKnownKeys();
    expect(list.addKnownKeys()).toBe(false);
    expect(list.candidates).toHaveLength(3);
    expect(candidateList(raw, selectScan(raw), {}).addKnownKeys()).toBe(false);
    expect(candidateList('{"a":1}', selectScan('{"a":1}'), options).addKnownKeys()).toBe(false);
  });
});
