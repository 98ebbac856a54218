/**
 * Id templates of `IdStrategy.format`: `Q{n:2}`, `EPIC-{n}`, `US-{i}-{n}`.
 * Parsing is loose (case-insensitive literals, any padding, bare numbers);
 * formatting is canonical.
 */

type Part = string | { readonly name: 'n' | 'i'; readonly width: number };

export interface IdTemplate {
  readonly hasN: boolean;
  /** Reads the numbers of an id written loosely in this format; null when it does not fit. */
  parse(id: unknown): { n: number; i?: number } | null;
  format(n: number, i: number): string;
}

const PLACEHOLDER = /\{([nij])(?::(\d{1,2}))?\}/g;
/** Longer digit runs are not ids we renumber (and would lose precision). */
const MAX_DIGITS = 9;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles an id format.
 *
 * @example
 * const t = compileIdTemplate('Q{n:2}');
 * t.parse('q1')   // { n: 1 }
 * t.format(1, 1)  // 'Q01'
 */
export function compileIdTemplate(format: string): IdTemplate {
  const parts: Part[] = [];
  let last = 0;
  for (const match of format.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(format.slice(last, match.index));
    parts.push({ name: match[1] === 'i' ? 'i' : 'n', width: Number(match[2] ?? 0) });
    last = match.index + match[0].length;
  }
  if (last < format.length) parts.push(format.slice(last));
  const names = parts.filter((p): p is Exclude<Part, string> => typeof p !== 'string').map((p) => p.name);
  const hasN = names.includes('n');
  const pattern = new RegExp(`^${parts.map((p) => (typeof p === 'string' ? escapeRegExp(p) : `(\\d{1,${MAX_DIGITS}})`)).join('')}$`, 'i');
  const digits = new RegExp(`^\\d{1,${MAX_DIGITS}}$`);

  return {
    hasN,
    parse(id) {
      if (!hasN) return null;
      if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0 ? { n: id } : null;
      if (typeof id !== 'string') return null;
      const text = id.trim();
      if (digits.test(text)) return { n: Number(text) };
      const match = pattern.exec(text);
      if (match === null) return null;
      const out: { n: number; i?: number } = { n: 0 };
      names.forEach((name, k) => {
        const value = Number(match[k + 1]);
        if (name === 'n') out.n = value;
        else out.i = value;
      });
      return out;
    },
    format(n, i) {
      return parts.map((p) => (typeof p === 'string' ? p : String(p.name === 'n' ? n : i).padStart(p.width, '0'))).join('');
    },
  };
}
