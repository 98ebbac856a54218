/**
 * The adversarial input families of issue 20, each grown to a requested size by
 * repeating its unit: the shapes that once made `safeParse` super-linear (an
 * unclosed-tag candidate per `<T>`, a whole YAML repair loop per candidate).
 * Deterministic: a family at a size is always the same text.
 */

/** A family: its id, what it is, and its text at about `size` UTF-16 units. */
export interface AdversarialFamily {
  id: string;
  label: string;
  make(size: number): string;
}

/** Units up to `size` at most: a 4 MB case stays within 4 MiB, the largest candidate core repairs. */
function grow(size: number, head: string, unit: (i: number) => string, tail = ''): string {
  const parts: string[] = [head];
  let length = head.length + tail.length;
  for (let i = 0; ; i++) {
    const line = unit(i);
    if (length + line.length > size) break;
    parts.push(line);
    length += line.length;
  }
  parts.push(tail);
  return parts.join('');
}

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
];
