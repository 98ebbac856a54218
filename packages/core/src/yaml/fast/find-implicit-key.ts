/**
 * Finding a block mapping's implicit key on its line: where it ends, what property name it
 * gives, and where its value starts. Every entry of every mapping passes here (and every
 * compact `- ` entry, to tell a mapping from a scalar), so it leans on the line counts taken
 * once for the whole text (see FastYamlState) rather than searching each line again.
 */
import { fastYamlBail } from './fast-yaml-bail.js';
import { knownPlainKey } from './known-keys.js';
import { readQuotedScalar } from './read-quoted-scalar.js';
import { coreKeyString } from './resolve-core-scalar.js';
import { trimSpacesEnd, type FastYamlState } from './yaml-lines.js';

/** `yaml` rejects implicit keys longer than 1024 characters. */
const MAX_KEY_LENGTH = 1000;

/** Characters that cannot start a plain scalar (YAML c-indicator). */
export function isIndicator(c: number): boolean {
  switch (c) {
    case 0x2d: case 0x3f: case 0x3a: case 0x2c: case 0x5b: case 0x5d: case 0x7b: case 0x7d: case 0x23:
    case 0x26: case 0x2a: case 0x21: case 0x7c: case 0x3e: case 0x27: case 0x22: case 0x25: case 0x40: case 0x60:
      return true;
    default:
      return false;
  }
}

/** A space or the line's end at `at`: what must follow a key's `:` or a sequence entry's `-`. */
export function isSpaceOrEnd(line: string, at: number): boolean {
  return at >= line.length || line.charCodeAt(at) === 0x20;
}

/** `- ` or a lone `-` at `at`: a block sequence entry. */
export function isSequenceEntry(line: string, at: number): boolean {
  return line.charCodeAt(at) === 0x2d && isSpaceOrEnd(line, at + 1);
}

/**
 * About the key `findImplicitKey` last found: where its value starts (just after its `:`), and
 * whether it is a plain key, its own key string, new to `knownPlainKey` (to remember once
 * stored). One module slot rather than a result object: every mapping entry finds its key, and
 * the hot path then allocates nothing. Read it right after the call, before anything may find
 * another key.
 */
export const foundKey = { valueAt: 0, isNew: false };

/**
 * The first ` #` (a space then `#`: a comment) at or after `from`, or -1, on a line whose first
 * `#` is at `hashAt` (see FastYamlState): most lines hold none and need no search at all. Looks
 * for the `#`, rare in agent text, rather than for the pair, whose space opens most words; past
 * a first `#` that opens no comment (`C#`, `#fff`), one search for the pair finds the rest.
 */
export function commentStart(line: string, from: number, hashAt: number): number {
  if (hashAt === -1) return -1;
  const q = hashAt > from ? hashAt : line.indexOf('#', from + 1);
  if (q === -1) return -1;
  return line.charCodeAt(q - 1) === 0x20 ? q - 1 : line.indexOf(' #', q);
}

/**
 * The implicit key at `at` on line `li` (`key:` followed by a space or the line end), or
 * undefined when the text is not one; its value starts at `foundKey.valueAt`.
 *
 * @example
 * findImplicitKey(splitLines('  title: x'), 0, 2) // 'title', foundKey.valueAt 8
 */
export function findImplicitKey(st: FastYamlState, li: number, at: number): string | undefined {
  const line = st.lines[li]!;
  const c = line.charCodeAt(at);
  if (c === 0x22 || c === 0x27) {
    const q = readQuotedScalar(line, at);
    if (q.end - at > MAX_KEY_LENGTH) fastYamlBail('long_key');
    let i = q.end;
    while (line.charCodeAt(i) === 0x20) i += 1;
    if (line.charCodeAt(i) !== 0x3a) return undefined;
    if (!isSpaceOrEnd(line, i + 1)) fastYamlBail('adjacent_value');
    foundKey.valueAt = i + 1;
    foundKey.isNew = false;
    return q.value;
  }
  // `-verbose:` is a plain key; `- ` (a sequence entry) and other indicators are not.
  if (isIndicator(c) && (c !== 0x2d || isSpaceOrEnd(line, at + 1))) return undefined;
  // The line's first key indicator is the key's, unless it comes before `at` (`- a: b` read past `- `).
  let colon = st.colonAt[li]!;
  if (colon !== -1 && colon < at) {
    colon = line.indexOf(':', at);
    while (colon !== -1 && !isSpaceOrEnd(line, colon + 1)) colon = line.indexOf(':', colon + 1);
  }
  if (colon === -1) return undefined;
  const hash = commentStart(line, at, st.hashAt[li]!);
  if (hash !== -1 && hash < colon) return undefined;
  if (colon - at > MAX_KEY_LENGTH) fastYamlBail('long_key');
  const raw = trimSpacesEnd(line, at, colon);
  if (raw === '<<') fastYamlBail('merge_key');
  foundKey.valueAt = colon + 1;
  const seen = knownPlainKey(raw);
  if (seen !== undefined) {
    foundKey.isNew = false;
    return seen;
  }
  const key = coreKeyString(raw);
  foundKey.isNew = key === raw;
  return key;
}
