/**
 * Adversarial families for the JSON repairer's string rules: inner quotes in an object value
 * (each candidate end quote looks at a bounded stretch after it: whitespace, then one short
 * key), backslashes kept from escapes JSON lacks, and fence lines inside a string left open.
 * Each shape repeats the unit that makes a lookahead or a re-read happen as often as possible.
 */
import { fill, type AdversarialFamily } from './family.js';

export const STRINGS_FAMILIES: readonly AdversarialFamily[] = [
  {
    id: 'value_inner_quotes',
    label: 'one object value of quoted words and commas (`said "hi", then `), every comma checked for a next member',
    make: (size) => fill(size, '{"notes": "', 'said "hi", then ', '"}'),
  },
  {
    id: 'value_quoted_prose_keys',
    label: 'one object value of `x", "y" z ` runs: each comma reads a quoted key up to its capped end',
    make: (size) => fill(size, '{"a": "', 'x", "y" z ', '"}'),
  },
  {
    id: 'value_bare_words_unclosed',
    label: 'an unclosed object value of `x", yyyyyyyy "z ` runs: bare words then quotes, read again up to a delimiter',
    make: (size) => fill(size, '{"a": "', 'x", yyyyyyyy "z ', ''),
  },
  {
    id: 'value_embedded_objects',
    label: 'an object value opening a brace and holding `"k": "v"}, ` runs (embedded JSON, colons and closers)',
    make: (size) => fill(size, '{"a": "{', '"k": "v"}, ', ''),
  },
  {
    id: 'lone_backslashes',
    label: 'one string of `\\s` escapes, each backslash kept as written',
    make: (size) => fill(size, '{"a": "', '\\s', '"}'),
  },
  {
    id: 'fence_lines_in_open_string',
    label: 'an unclosed string of ```` ```js ```` fence lines, then a bare fence and prose',
    make: (size) => fill(size, '{"a": "x', '\n```js\n', '\n```\nprose'),
  },
];
