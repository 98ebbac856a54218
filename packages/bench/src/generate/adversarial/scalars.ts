/**
 * Adversarial families for the JSON repairer's scalar rules: unquoted values that
 * run past commas, line breaks and brackets, values opening with `/`, and numbers
 * with slashes or underscores. Each shape makes a naive reader look ahead from
 * every position (for a `key:`, a balancing bracket, a closing slash) and so
 * would turn quadratic; the repairer must stay linear on all of them.
 */
import { fill, type AdversarialFamily } from './family.js';

export const SCALARS_FAMILIES: readonly AdversarialFamily[] = [
  { id: 'scalar_spanned_commas', label: '`{a: x, y, y, …}`: commas that end no member', make: (size) => fill(size, '{a: ', 'x, y ', '}') },
  { id: 'scalar_spanned_lines', label: '`{a: x\\ny\\ny …}`: line breaks that end no member', make: (size) => fill(size, '{a: ', 'x\ny ', '}') },
  { id: 'scalar_unbalanced_values', label: '`{a: (x, a: (x, …`: parentheses that never close', make: (size) => fill(size, '{', 'a: (x, ', '}') },
  { id: 'scalar_call_values', label: '`{a: f(x, a: f(x, …`: calls that never close', make: (size) => fill(size, '{', 'a: f(x, ', '}') },
  { id: 'scalar_slash_values', label: '`[/a, /a, …]`: values opening with a slash', make: (size) => fill(size, '[', '/a, ', ']') },
  { id: 'scalar_slash_run', label: '`{"a": /xxxx…}`: a regex that never closes', make: (size) => fill(size, '{"a": /', 'x', '}') },
  { id: 'scalar_slash_groups', label: '`[1/2/2/…x]`: a fraction that turns into text', make: (size) => fill(size, '[1', '/2', 'x]') },
  { id: 'scalar_underscores', label: '`[1_1_1…x]`: digit groups that turn into text', make: (size) => fill(size, '[1', '_1', 'x]') },
];
