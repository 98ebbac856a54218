/**
 * Adversarial families for the JSON repairer's structural rules: stray closers, bare
 * words between members, code fence lines after an open structure, members cut
 * off at the end, comments holding brackets and several fenced roots. Each shape
 * makes a naive repairer look ahead from every token (for a `"key":` after a
 * closer or a word, for the start of a fence line, for the end of the data) and
 * so would turn quadratic; the repairer's look-aheads are bounded and must stay
 * linear on all of them.
 */
import { fill, type AdversarialFamily } from './family.js';

export const STRUCTURE_FAMILIES: readonly AdversarialFamily[] = [
  { id: 'structure_stray_closers', label: '`{"a": 1}, "k": 1}, "k": 1}…`: a root closer before every member', make: (size) => fill(size, '{"a": 1', '}, "k": 1', '}') },
  { id: 'structure_closers_long_keys', label: '`[{} "{} "{} "…`: closers before keys that never end', make: (size) => fill(size, '[{}', ' "{}', ']') },
  { id: 'structure_mismatched_closers', label: '`[1}, 1}, 1…]`: closers matching no open frame', make: (size) => fill(size, '[1', '}, 1', ']') },
  { id: 'structure_stray_words', label: '`{"a": 1, WORD "b": 1, …}`: a bare word before every key', make: (size) => fill(size, '{"a": 1, ', 'WORD "b": 1, ', '}') },
  { id: 'structure_words_long_keys', label: '`{"a": 1, w "w "w "…`: words before keys that never end', make: (size) => fill(size, '{"a": 1, ', 'w "') },
  { id: 'structure_fence_lines', label: '`[1,\\n  ```x\\n  ```x …`: fence-like lines inside an array', make: (size) => fill(size, '[1,\n', '  ```x\n', ']') },
  { id: 'structure_cut_signs', label: '`[-, -, -, … - `: signs, the last one cut off', make: (size) => fill(size, '[', '-, ', '- ') },
  { id: 'structure_bracket_comments', label: '`{"a": [// ]\\n/* { */…1]}`: comments holding brackets', make: (size) => fill(size, '{"a": [', '// ]\n/* { */', '1]}') },
  { id: 'structure_fenced_roots', label: '```` ```json {"a": 1} ``` x ```` repeated: one fenced root after another', make: (size) => fill(size, '', '```json {"a": 1} ``` x ') },
];
