import fc from 'fast-check';

const NAME_CHARS = 'abAB_z9.:-';

/** Tag-like names, some past the 64-char bound and some not names at all. */
const tagName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'answer', 'json', 'A', 'ns:x', 'a-b.c', '_u', 't') },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...NAME_CHARS), minLength: 1, maxLength: 70 }) },
  { weight: 1, arbitrary: fc.integer({ min: 62, max: 66 }).map((n) => 'n'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('1a', '-a', '', ' a', 'a b', 'é') },
);

const tag = fc
  .tuple(fc.constantFrom('<', '</'), tagName, fc.constantFrom('>', '>', '>', '', ' >', '/>'))
  .map(([open, name, close]) => open + name + close);

// Fences only count at a line start, so most fence fragments bring their own newlines.
const fence = fc
  .tuple(
    fc.constantFrom('\n', '\n', '\n', ''),
    fc.constantFrom('', '', ' ', '  \t'),
    fc.integer({ min: 2, max: 6 }),
    fc.constantFrom('', '', 'json', ' yaml ', 'a`b', '\t', 'js\r'),
    fc.constantFrom('\n', '\n', '', ' \n', 'x\n'),
  )
  .map(([before, indent, ticks, info, after]) => before + indent + '`'.repeat(ticks) + info + after);

const prefix = fc
  .tuple(
    fc.constantFrom('assistant', 'Assistant', 'USER', 'system', 'sys', 'tool', 'model', 'error', 'syst', 'asistant', '@SSISTANT'),
    fc.constantFrom('', '', '/', '/name', '/' + 'x'.repeat(63), '/' + 'x'.repeat(64), '/' + 'x'.repeat(65), '/a\nb'),
    fc.constantFrom(']', '] ', ']  ', '', ']x'),
  )
  .map(([role, suffix, end]) => `[${role}${suffix}${end}`);

const noise = fc.constantFrom(
  '\u001b', '\u001b[', '\u001b[0m', '\u001b[1;31m', '\u001b[?25h', '\u001b[12;', '\u001b[1 q', '\u001b]0;title\u0007',
  '\u001b]8;;http://x\u001b\\', '\u001b]', '\u001b]0;t', '\u001bM', '\u001b_', '\u001ba', '[200~', '[201~', '[20',
  '\u0000', '\u0007', '\u0008', '\u007f', '\u001f',
);

const structural = fc.constantFrom(
  '\n', '\n', '\n', '\r\n', '\r', ' ', ' ', '\t', '`', '``', '<', '>', '/', '[', ']', '{', '}', '"', '\\', ':', ',', '~',
);

const unicode = fc.constantFrom('🎉', '😀', '\ud800', '\udc00', '\udbff', 'é', '日本', '\u2028', '\u0085', '\ufeff');

const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('x', 'text', 'hello world', '{"a": 1}', '[1, 2]', 'null', '200~', 'sys]') },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

const longLine = fc
  .tuple(fc.constantFrom('x', ' ', '`', 'ab ', '\u001b[0m', '<a>'), fc.integer({ min: 64, max: 4000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)));

/** One fragment of hostile model text, weighted toward what the scanner reacts to. */
export const hostileFragment = fc.oneof(
  { weight: 8, arbitrary: structural },
  { weight: 5, arbitrary: word },
  { weight: 4, arbitrary: tag },
  { weight: 3, arbitrary: fence },
  { weight: 3, arbitrary: noise },
  { weight: 2, arbitrary: prefix },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: longLine },
);

/**
 * Texts built from hostile fragments; at a line start a fence or prefix fragment is likely,
 * because `\n` is the most frequent structural fragment.
 *
 * @example
 * fc.assert(fc.property(hostileText(200), (text) => { ... }));
 */
export function hostileText(maxFragments: number): fc.Arbitrary<string> {
  return fc.string({ unit: hostileFragment, maxLength: maxFragments, size: 'max' });
}

/** Many tags, to push the open stack past MAX_TRACKED_TAGS. */
export const tagFlood = fc.string({
  unit: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('<a>', '<b>', '<c>', '<a>', '<answer>') },
    { weight: 3, arbitrary: fc.constantFrom('</a>', '</b>', '</c>', '</answer>', '</z>') },
    { weight: 1, arbitrary: tag },
    { weight: 1, arbitrary: structural },
  ),
  minLength: 250,
  maxLength: 700,
  size: 'max',
});

/**
 * Hostile texts without noise (the kernel's quiet loop): the same fragments but noise, and near
 * misses of a paste marker left in; a text that still holds noise is dropped.
 *
 * @example
 * fc.assert(fc.property(quietText(60), (text) => { ... }));
 */
export function quietText(maxFragments: number): fc.Arbitrary<string> {
  const fragment = fc.oneof(
    { weight: 8, arbitrary: structural },
    { weight: 5, arbitrary: fc.constantFrom('x', 'text', '{"a": [1]}', '[1, 2]', '200~', '[20', '0~', 'sys]', 'é', '🎉') },
    { weight: 4, arbitrary: tag },
    { weight: 4, arbitrary: fence },
    { weight: 3, arbitrary: prefix },
  );
  return fc.string({ unit: fragment, maxLength: maxFragments, size: 'max' }).filter((text) => !NOISE.test(text));
}

/** What the scanner reads as noise: C0 controls but tab, LF and CR, DEL, and the paste markers. */
const NOISE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\[20[01]~/;
