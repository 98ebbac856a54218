/**
 * What an adversarial family is, and the two ways a family grows its text to a
 * requested size: units from a function of their index, or one unit repeated.
 */

/** A family: its id, what it is, and its text at about `size` UTF-16 units. */
export interface AdversarialFamily {
  id: string;
  label: string;
  make(size: number): string;
}

/**
 * Units up to `size` at most, between `head` and `tail`: a 4 MB case stays within 4 MiB, the
 * largest candidate core repairs.
 *
 * @example
 * grow(20, 'a:\n', (i) => `  - ${i}\n`) // 'a:\n  - 0\n  - 1\n  - 2\n'
 */
export function grow(size: number, head: string, unit: (i: number) => string, tail = ''): string {
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

/**
 * One unit repeated as often as fits in `size` with `head` and `tail`.
 *
 * @example
 * fill(10, '[', '1,', ']') // '[1,1,1,1]'
 */
export function fill(size: number, head: string, unit: string, tail = ''): string {
  const count = Math.max(0, Math.floor((size - head.length - tail.length) / unit.length));
  return head + unit.repeat(count) + tail;
}
