/**
 * The adversarial input families, each grown to a requested size by
 * repeating its unit: the shapes that once made `safeParse` super-linear (an
 * unclosed-tag candidate per `<T>`, a whole YAML repair loop per candidate).
 * Deterministic: a family at a size is always the same text.
 */
import { grow, type AdversarialFamily } from './adversarial/family.js';
import { ALIGNED_FAMILIES } from './adversarial/aligned.js';
import { SCALARS_FAMILIES } from './adversarial/scalars.js';
import { STRINGS_FAMILIES } from './adversarial/strings.js';
import { STRUCTURE_FAMILIES } from './adversarial/structure.js';

export type { AdversarialFamily } from './adversarial/family.js';

export const ADVERSARIAL_FAMILIES: readonly AdversarialFamily[] = [
  { id: 'generic_tag_lines', label: '`title: fix <T> now` lines', make: (size) => grow(size, '', () => 'title: fix <T> now\n') },
  {
    id: 'generic_tag_items',
    label: 'YAML items with `<T>` in a title and `status: todo: now`',
    make: (size) => grow(size, 'tasks:\n', (i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo: now\n`),
  },
  { id: 'many_colons', label: '`key: value: with: many: colons` lines', make: (size) => grow(size, '', () => 'key: value: with: many: colons\n') },
  { id: 'dash_chains', label: '`- - - a:` lines', make: (size) => grow(size, '', () => '- - - a:\n') },
  {
    id: 'one_tab',
    label: 'YAML items with `<T>` and one tab-indented line',
    make: (size) => grow(size, 'tasks:\n', (i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo\n`, '\t  bad: tab\n'),
  },
  {
    id: 'duplicates_after_block',
    label: 'a key with a large block, then that key repeated with another value',
    make: (size) => grow(Math.floor(size / 2), 'a:\n', () => '  x: 1\n') + grow(size - Math.floor(size / 2), '', () => 'a: 1\n'),
  },
  {
    id: 'one_reserved_value',
    label: 'a large mapping with one `@` value (the fast loader declines, `yaml` checks its keys)',
    make: (size) => grow(size, '', (i) => `key${i}: value ${i}\n`, 'last: @at\n'),
  },
  {
    id: 'nested_envelopes',
    label: 'sixty nested envelope tags around YAML items with one tab-indented line',
    make: (size) => {
      let open = '';
      let close = '';
      for (let k = 0; k < 60; k++) {
        open += `<ENV${k}>\n`;
        close = `</ENV${k}>\n${close}`;
      }
      return open + grow(size - open.length - close.length, 'tasks:\n', (i) => `  - id: T${i}\n    title: x\n`, '\t  bad: tab\n') + close;
    },
  },
  {
    id: 'quoted_then_colon_items',
    label: 'YAML items holding a quoted scalar with `<Map<K, V>>` followed by more text after a colon',
    make: (size) => grow(size, 'notes:\n', (i) => `  - id: N${i}\n    note: "see <Map<K, V>> here": ok\n`),
  },
  { id: 'unclosed_envelopes', label: 'unclosed envelope tags (`<OUTPUT7>` …) before YAML lines', make: (size) => grow(size, '', (i) => `<OUTPUT${i % 50}>\nkey: value\n`) },
  ...STRINGS_FAMILIES,
  ...STRUCTURE_FAMILIES,
  ...SCALARS_FAMILIES,
  ...ALIGNED_FAMILIES,
];
