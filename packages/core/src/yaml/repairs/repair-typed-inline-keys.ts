/**
 * Rule 4, without a whitelist: several `key: value` pairs on one line
 * (`batch_number: 4 is_final_free_form: false ai_commentary: "x"`, also after
 * a list dash). The text alone settles it when every value before a following
 * key is a number, a boolean, null or a complete quoted string: a plain scalar
 * may not hold `: `, and a typed token cannot continue prose. A plain word
 * before a key (`rationale: some rules: apply here`) stays for rule 5, unless
 * the key after it is whitelisted (the contract's root keys, the hints, a key
 * that starts a line of the document, and on a list item's line the
 * contract's keys below its root): then the line
 * `- id: Q01 phase: foundation question: "Who signs in?"` splits too, quoted
 * value and all, which rule 4 (plain tokens only) leaves alone. A next key
 * glued to its value (`batch_number:4 is_final_free_form:false`, the first
 * key spaced by rule 3) counts only between typed or quoted values.
 */
import type { YamlLine } from '../line-table.js';
import { lineStartKeys } from './line-start-keys.js';
import { LineRewriter, type RepairContext, type RepairStep } from './repair-kit.js';
import { linesWithTwoColons } from './select-lines.js';
import { INLINE_SEQUENCE_MESSAGE } from './repair-inline-sequence-parent.js';
import { replaceLine, rewriteEntries } from './rewrite-lines.js';

const TYPED = /^(?:[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|True|False|TRUE|FALSE|null|Null|NULL|~)$/;
/** A key and its separator, read in place (sticky), so a long line is never sliced per pair. */
const NEXT_KEY = /([A-Za-z_][\w-]*):(?:[ \t]+|$)/y;
/** A next key glued to its value (`is_final_free_form:false`): taken only when that value is typed or quoted. */
const GLUED_NEXT_KEY = /([A-Za-z_][\w-]+):(?=\S)/y;

interface Pair {
  readonly key: string;
  readonly value: string;
}

/** End of the quoted scalar that starts at `i` (index after its closing quote), or -1. */
function quotedEnd(text: string, i: number): number {
  const quote = text[i];
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k];
    if (quote === '"' && c === '\\') k++;
    else if (c === quote) {
      if (quote === "'" && text[k + 1] === "'") k++;
      else return k + 1;
    }
  }
  return -1;
}

/**
 * The pairs of a value that runs on into more keys, or null when it is one value.
 *
 * @example
 * splitTypedPairs('batch', '4 final: false note: "x"') // [{ key: 'batch', value: '4' }, { key: 'final', value: 'false' }, { key: 'note', value: '"x"' }]
 * splitTypedPairs('id', 'Q01 phase: foundation', (k) => k === 'phase') // [{ key: 'id', value: 'Q01' }, { key: 'phase', value: 'foundation' }]
 * splitTypedPairs('batch', '4 final:false') // [{ key: 'batch', value: '4' }, { key: 'final', value: 'false' }]
 */
export function splitTypedPairs(firstKey: string, rest: string, whitelisted: (key: string) => boolean = () => false): Pair[] | null {
  const pairs: Pair[] = [];
  let key = firstKey;
  let i = 0;
  // The current key was glued to its value: the value must be typed or quoted, and whole.
  let glued = false;
  for (;;) {
    let end: number;
    if (rest[i] === '"' || rest[i] === "'") {
      end = quotedEnd(rest, i);
      if (end < 0) return null;
    } else {
      end = i;
      while (end < rest.length && rest[end] !== ' ' && rest[end] !== '\t') end++;
    }
    const value = rest.slice(i, end);
    const typed = value.startsWith('"') || value.startsWith("'") || TYPED.test(value);
    if (glued && !typed) return null;
    let gap = end;
    while (gap < rest.length && (rest[gap] === ' ' || rest[gap] === '\t')) gap++;
    NEXT_KEY.lastIndex = gap;
    let next = NEXT_KEY.exec(rest);
    let nextGlued = false;
    if (next === null && gap > end && typed) {
      GLUED_NEXT_KEY.lastIndex = gap;
      next = GLUED_NEXT_KEY.exec(rest);
      nextGlued = next !== null;
    }
    if (next === null) {
      // The last value takes the rest of the line, as the emitted line says.
      if (glued && gap < rest.length) return null;
      pairs.push({ key, value: rest.slice(i) });
      return pairs.length >= 2 ? pairs : null;
    }
    if (value === '' || gap === end || (!typed && !whitelisted(next[1]!))) return null;
    pairs.push({ key, value });
    key = next[1]!;
    i = gap + next[0].length;
    glued = nextGlued;
    if (i >= rest.length) return null;
  }
}

/**
 * @example
 * repairTypedInlineKeys(toLines('batch_number: 4 is_final_free_form: false')).lines.map((l) => l.text)
 * // ['batch_number: 4', 'is_final_free_form: false']
 */
export function repairTypedInlineKeys(lines: readonly YamlLine[], context?: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_inline_keys_split', INLINE_SEQUENCE_MESSAGE);
  let docKeys: ReadonlySet<string> | null = null;
  // Built on first need: most lines hold no second key.
  const known = (key: string): boolean => {
    if (context?.hints.knownKeys.has(key) === true) return true;
    docKeys ??= lineStartKeys(lines);
    return docKeys.has(key);
  };
  const onItemLine = (key: string): boolean => context?.hints.itemKeys.has(key) === true || known(key);
  // A split needs the first key's colon and the next key's: lines with fewer are never read.
  return rewriteEntries(lines, w, (entry, i) => {
    // Most values hold no colon at all: a plain search before the regex that needs one.
    if (entry.key === null || entry.value === '' || !entry.value.includes(':') || !/[ \t][A-Za-z_][\w-]*:/.test(entry.value)) return null;
    const pairs = splitTypedPairs(entry.key, entry.value, entry.dash ? onItemLine : known);
    if (pairs === null) return null;
    const text = lines[i]!.text;
    const pad = ' '.repeat(entry.col);
    return replaceLine(i, pairs.map((pair, k) => `${k === 0 ? text.slice(0, entry.col) : pad}${pair.key}: ${pair.value}`));
  }, 'unmasked', linesWithTwoColons);
}
