import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBalancedEnd } from './find-balanced-end.js';
import { scanEveryCodeUnit, scanQuietText, scanText } from './scan-text.js';
import { SpanKind } from './span-kind.js';
import { textHoldsNoise } from './holds-noise.js';

const K = SpanKind;
/** Scanner output as readable [kindName, excerpt] pairs. */
function spansOf(text: string, scan: (text: string) => Int32Array = scanText): [string, string][] {
  const names = Object.fromEntries(Object.entries(K).map(([k, v]) => [v, k]));
  const out = scan(text);
  const list: [string, string][] = [];
  for (let i = 0; i < out.length; i += 3) list.push([names[out[i]!]!, text.slice(out[i + 1], out[i + 2])]);
  return list;
}

// scanText sends noise-free text to the quiet loop; the general loop must read it the same.
describe.each([
  ['scanText', scanText],
  ['scanEveryCodeUnit', scanEveryCodeUnit],
])('%s', (_name, scan) => {
  const spans = (text: string): [string, string][] => spansOf(text, scan);
  it('finds a fence with its info string, body and closing line', () => {
    expect(spans('Here:\n```json\n{"a":1}\n```\n')).toEqual([
      ['FENCE_OPEN', '```json'],
      ['FENCE_INFO', 'json'],
      ['FENCE_BODY', '{"a":1}\n'],
      ['FENCE_CLOSE', '```'],
    ]);
  });

  it('does not open a fence on an inline code span and closes only with enough backticks', () => {
    expect(spans('```a` b```\n')).toEqual([]);
    expect(spans('````md\n```\nx\n```\n````')).toEqual([
      ['FENCE_OPEN', '````md'],
      ['FENCE_INFO', 'md'],
      ['FENCE_BODY', '```\nx\n```\n'],
      ['FENCE_CLOSE', '````'],
    ]);
  });

  it('reports an unclosed fence body to the end and a bare trailing fence as an orphan', () => {
    expect(spans('```yaml\na: 1\n')).toEqual([
      ['FENCE_OPEN', '```yaml'],
      ['FENCE_INFO', 'yaml'],
      ['FENCE_UNCLOSED_BODY', 'a: 1\n'],
    ]);
    expect(spans('{"a":1}\n```\n')).toEqual([['ORPHAN_FENCE', '```']]);
  });

  it('pairs tags by name and reports unclosed ones after the pairs', () => {
    expect(spans('<A><B>x</A> <C>y')).toEqual([
      ['TAG_OPEN', '<A>'],
      ['TAG_BODY', '<B>x'],
      ['TAG_CLOSE', '</A>'],
      ['TAG_OPEN', '<B>'],
      ['TAG_UNCLOSED_BODY', 'x</A> <C>y'],
      ['TAG_OPEN', '<C>'],
      ['TAG_UNCLOSED_BODY', 'y'],
    ]);
    expect(spans('a < b and c<d> e </x>')).toEqual([
      ['TAG_OPEN', '<d>'],
      ['TAG_UNCLOSED_BODY', ' e </x>'],
    ]);
  });

  it('finds transcript prefixes only at line starts', () => {
    expect(spans('[assistant] a\n[assistant/gpt-4o] b\nsee [user] c\n[SYSTEM]d\n[admin] e')).toEqual([
      ['TRANSCRIPT_PREFIX', '[assistant] '],
      ['TRANSCRIPT_PREFIX', '[assistant/gpt-4o] '],
      ['TRANSCRIPT_PREFIX', '[SYSTEM]'],
    ]);
  });

  it('reports the trailing run of terminal noise from its first token, and the first noise token anywhere', () => {
    expect(spans('{"a":1}  \u001b[0m \u001b]0;t\u0007\u001b[201~\n')).toEqual([
      ['TRAILING_NOISE', '\u001b[0m \u001b]0;t\u0007\u001b[201~\n'],
      ['FIRST_NOISE', '\u001b[0m'],
    ]);
    expect(spans('{"a":1}[201~')).toEqual([['TRAILING_NOISE', '[201~'], ['FIRST_NOISE', '[201~']]);
    expect(spans('\u001b[0m{"a":1}')).toEqual([['FIRST_NOISE', '\u001b[0m']]);
    expect(spans('{"a":1}\u0000\u007f')).toEqual([['TRAILING_NOISE', '\u0000\u007f'], ['FIRST_NOISE', '\u0000']]);
    expect(spans('{"a":\u0007 1}')).toEqual([['FIRST_NOISE', '\u0007']]);
  });

  it('reads no noise on a fence line (holdsNoise looks there itself)', () => {
    expect(spans('```json\u0007\n{}\n```')).toEqual([
      ['FENCE_OPEN', '```json\u0007'],
      ['FENCE_INFO', 'json\u0007'],
      ['FENCE_BODY', '{}\n'],
      ['FENCE_CLOSE', '```'],
    ]);
  });

  it('returns offsets in UTF-16 code units', () => {
    const text = '🚀\n```\nx\n```';
    const out = scan(text);
    expect(Array.from(out.slice(0, 3))).toEqual([K.FENCE_OPEN, 3, 6]);
  });
});

/** Pieces of agent text without noise, weighted toward what changes scanner state. */
const QUIET_PIECES = ['<', '>', '</', '<A>', '</A>', '<B>', '</B>', '<a.b:c-d>', '\n', '\r\n', ' ', '  ', '\t', '`', '```', '````', '```json', '```yaml ', '[', ']', '[assistant] ', '[user/x]', '[Tool]', 'x', '{"a":[1]}', '🚀', '[20', '0~'];
/** Noise, on its own, on a fence line and inside a transcript prefix. */
const NOISE_PIECES = ['\u001b[0m', '\u001b', '\u0007', '\u007f', '[200~', '[201~', '\u001b]0;t\u0007', '```json\u0007', '[assistant/\u001b] '];

/** Texts joined from `pieces`, on which `scan` must return what the general loop returns. */
function expectGeneralLoopSpans(pieces: string[], scan: (text: string) => Int32Array, keep: (text: string) => boolean = () => true): void {
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')).filter(keep);
  fc.assert(
    fc.property(text, (t) => {
      expect(Array.from(scan(t))).toEqual(Array.from(scanEveryCodeUnit(t)));
    }),
    { numRuns: 5000 },
  );
}

describe('the quiet loop', () => {
  it('returns what the general loop returns on text without noise', () => {
    // Near misses of a paste marker stay; a whole marker is noise, which the quiet loop never gets.
    expectGeneralLoopSpans(QUIET_PIECES, scanQuietText, (text) => !textHoldsNoise(text));
  });

  it('is the loop scanText takes for such text, and not past the first noise', () => {
    const quiet = 'Hi\n<A>\n```json\n{"a":1}\n```\n</A>\n[user] x';
    expect(Array.from(scanText(quiet))).toEqual(Array.from(scanQuietText(quiet)));
    // The quiet loop never reports noise: past the first noise the general loop must run.
    const noisy = '{"a":1}\u001b[0m';
    expect(Array.from(scanQuietText(noisy))).toEqual([]);
    expect(spansOf(noisy)).toEqual([['TRAILING_NOISE', '\u001b[0m'], ['FIRST_NOISE', '\u001b[0m']]);
  });

  it('hands over to the general loop at the first noise, or after a fence line holding it', () => {
    expectGeneralLoopSpans([...QUIET_PIECES, ...NOISE_PIECES], scanText);
  });

  it('skips a tag on a fence line and sees a prefix right after a closing fence', () => {
    const text = '```json <A>\n{}\n``` \n[assistant] <A>x</A>';
    expect(spansOf(text, scanQuietText)).toEqual(spansOf(text, scanEveryCodeUnit));
    expect(spansOf(text, scanQuietText)).toContainEqual(['TRANSCRIPT_PREFIX', '[assistant] ']);
  });
});

describe('findBalancedEnd', () => {
  it('skips brackets inside strings, with escapes', () => {
    const text = 'x {"a":"}\\"]"} y';
    expect(findBalancedEnd(text, 2, text.length)).toBe(14);
  });
  it('returns -1 when the value does not close', () => {
    expect(findBalancedEnd('{"a":[1,2', 0, 9)).toBe(-1);
  });
});
