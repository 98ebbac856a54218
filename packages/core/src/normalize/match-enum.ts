/**
 * The enum and literal matching ladder: exact → case-insensitive → ignoring
 * punctuation and spacing → ignoring accents → declared aliases → a value
 * mentioned in a longer text. Each step is its own intervention code; a step
 * that finds two values at once refuses instead of going on (never a guess).
 */
import type { AlignCode } from './align-codes.js';

/** The step of the ladder that found a value. */
export type EnumRule = AlignCode | 'enum_case_folded';

/** What matching found: a value with the step that found it, or the values it cannot choose between. */
export type EnumMatch = { rule: EnumRule; value: unknown } | { ambiguous: unknown[] };

/** Allowed values and, per value, the other spellings the contract declares. */
export interface EnumNames {
  readonly values: readonly unknown[];
  readonly aliases: ReadonlyMap<unknown, readonly string[]>;
  /**
   * Case says nothing about which value is meant (`TRUE`, `True`, `true`): a mention is
   * counted ignoring case from the start, so `It is TRUE, not false` is two mentions, not `false`.
   */
  readonly caseless?: boolean;
  /** `false`: aliases match a whole answer only, never a word in prose (`no` is in too many sentences). */
  readonly proseAliases?: boolean;
}

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Letters and digits only, lowercase: `NOT_SPAM` and `not spam` meet. */
function squash(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, '');
}

/** Compatibility decomposition without combining marks: `Café` → `Cafe`. */
function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '');
}

/** Values a literal may be written as in text (null is never read from prose). */
function spellingOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** The one value `same` accepts, `ambiguous` with all of them, or undefined when none. */
function uniqueMatch(values: readonly unknown[], same: (spelling: string, value: unknown) => boolean, rule: EnumRule): EnumMatch | undefined {
  const found: unknown[] = [];
  for (const value of values) {
    const spelling = spellingOf(value);
    if (spelling !== undefined && same(spelling, value) && !found.includes(value)) found.push(value);
  }
  if (found.length === 0) return undefined;
  return found.length === 1 ? { rule, value: found[0] } : { ambiguous: found };
}

/**
 * Matches a text against allowed values, step by step.
 *
 * @example
 * matchEnum('The sentiment is **Positive**.', { values: ['POSITIVE', 'NEGATIVE'], aliases: new Map() })
 * // { rule: 'enum_mention_found', value: 'POSITIVE' }
 * matchEnum('ONE - is the answer, not TWO', { values: ['ONE', 'TWO'], aliases: new Map() })
 * // { ambiguous: ['ONE', 'TWO'] }
 */
export function matchEnum(text: string, names: EnumNames): EnumMatch | null {
  const { values, aliases } = names;
  if (values.includes(text)) return null;
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  const squashed = squash(trimmed);
  const folded = squash(foldAccents(trimmed));
  const steps: [EnumRule, (spelling: string, value: unknown) => boolean][] = [
    ['enum_case_folded', (s) => s.toLowerCase() === lower],
    ['enum_punctuation_ignored', (s) => squashed !== '' && squash(s) === squashed],
    ['enum_accent_folded', (s) => folded !== '' && squash(foldAccents(s)) === folded],
    ['enum_alias_matched', (_, v) => folded !== '' && (aliases.get(v) ?? []).some((a) => squash(foldAccents(a)) === folded)],
  ];
  for (const [rule, same] of steps) {
    const match = uniqueMatch(values, same, rule);
    if (match !== undefined) return match;
  }
  return findMention(text, names);
}

interface Name {
  readonly value: unknown;
  readonly words: readonly string[];
}

/** The words of a text under one of the comparisons (as written, lowercase, lowercase without accents). */
function wordsOf(text: string, form: number): string[] {
  const words = text.match(WORD) ?? [];
  return form === 0 ? words : form === 1 ? words.map((w) => w.toLowerCase()) : words.map((w) => foldAccents(w).toLowerCase());
}

/**
 * Names shorter than this are not found in prose without their accents: `à`, `sí`, `thé`
 * would be found in every English `a`, `si`, `the` (longer ones that fold to an English
 * word are mostly that word: `résumé`, `élite`, `café`).
 */
const MIN_FOLDED_MENTION = 4;

/**
 * The value mentioned most often as whole words (values and their aliases),
 * first as written, then ignoring case, then, for names of four letters or
 * more, ignoring accents as well (`senor` finds `señor`, `CAFE` finds `Café`).
 * At each position the longest name wins, so `car-2` is not also a mention of
 * `car`. A shorter name is not found without its accents (see
 * {@link MIN_FOLDED_MENTION}); the whole answer `the` still finds `thé` (the ladder).
 */
function findMention(text: string, names: EnumNames): EnumMatch | null {
  for (let form = names.caseless === true ? 1 : 0; form < 3; form++) {
    const index = new Map<string, Name[]>();
    for (const value of names.values) {
      const spelling = spellingOf(value);
      // A negative or fractional number would lose its sign or point as words.
      if (spelling === undefined || (typeof value === 'number' && !/^\d+$/.test(spelling))) continue;
      for (const s of names.proseAliases === false ? [spelling] : [spelling, ...(names.aliases.get(value) ?? [])]) {
        const words = wordsOf(s, form);
        if (words.length === 0 || (form === 2 && words.join('').length < MIN_FOLDED_MENTION)) continue;
        const list = index.get(words[0]!) ?? [];
        list.push({ value, words });
        index.set(words[0]!, list);
      }
    }
    for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
    const counts = new Map<unknown, number>();
    const words = wordsOf(text, form);
    for (let i = 0; i < words.length; ) {
      const name = index.get(words[i]!)?.find((n) => n.words.every((w, k) => words[i + k] === w));
      if (name === undefined) {
        i++;
        continue;
      }
      counts.set(name.value, (counts.get(name.value) ?? 0) + 1);
      i += name.words.length;
    }
    if (counts.size === 0) continue;
    const most = Math.max(...counts.values());
    const top = [...counts].filter(([, n]) => n === most).map(([v]) => v);
    return top.length === 1 ? { rule: 'enum_mention_found', value: top[0] } : { ambiguous: top };
  }
  return null;
}
