/**
 * The three tokens the partial reader reads across chunk boundaries: strings (with escapes cut
 * anywhere, `\u00` included), numbers and words (literals, unquoted keys). Each reader takes as
 * much of one chunk as belongs to its token and says where it stopped; the token keeps what it
 * read, so the next chunk carries on from there and nothing is read twice.
 */
import { JSON_CODE_INFO, type JsonCode } from '../json/codes.js';
import type { Intervention } from '../types.js';
import type { Token } from './reader-state.js';
import { isNumberChar, isWordChar, literalOfPrefix, nextNumberState, NUMBER_START } from './scalar-tokens.js';

/** Records a lexical repair of the JSON family at a span. */
export type NoteRepair = (rule: JsonCode, start: number, end: number) => void;

/**
 * The intervention of a lexical repair, worded by the JSON repairer's table.
 *
 * @example
 * lexicalIntervention('trailing_comma', 9, 10).message // 'Removed a trailing comma.'
 */
export function lexicalIntervention(rule: JsonCode, start: number, end: number): Intervention {
  const info = JSON_CODE_INFO[rule];
  return { rule, stage: 'parse', category: info.category, message: info.message, span: [start, end] };
}

/** A new token of a kind at an offset. */
export function newToken(kind: Token['kind'], role: Token['role'], slot: Token['slot'], start: number, quote = 0): Token {
  return { kind, role, slot, start, text: '', quote, escape: 0, hex: '', controlNoted: false, numberState: NUMBER_START };
}

const SIMPLE_ESCAPES: Readonly<Record<number, string>> = { 34: '"', 39: "'", 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' };

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** Reads one character of an escape sequence; returns true when the character was taken. */
function readEscape(token: Token, c: number, at: number, note: NoteRepair): boolean {
  if (token.escape === 1) {
    if (c === 117) {
      token.escape = 2;
      token.hex = '';
      return true;
    }
    token.escape = 0;
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) token.text += simple;
    else {
      // `\s` of a regular expression: the backslash is kept as written.
      token.text += `\\${String.fromCharCode(c)}`;
      note('lone_backslash_escaped', at - 1, at + 1);
    }
    return true;
  }
  if (isHex(c)) {
    token.hex += String.fromCharCode(c);
    if (token.hex.length === 4) {
      token.text += String.fromCharCode(Number.parseInt(token.hex, 16));
      token.escape = 0;
    }
    return true;
  }
  // `\u12` then something else: kept as written, and the character read as text.
  token.text += `\\u${token.hex}`;
  token.escape = 0;
  note('invalid_escape', at - 2 - token.hex.length, at);
  return false;
}

/**
 * Reads string characters from `text[i]` on; returns the index after the closing quote, or -1
 * with everything taken when the chunk ends first.
 *
 * @example
 * const token = newToken('string', 'value', 0, 0, 34);
 * readString(token, 'ab"c', 0, 0, () => {}) // 3, token.text === 'ab'
 */
export function readString(token: Token, text: string, i: number, base: number, note: NoteRepair): number {
  const n = text.length;
  const quote = token.quote;
  let j = i;
  while (j < n) {
    if (token.escape !== 0) {
      if (readEscape(token, text.charCodeAt(j), base + j, note)) j++;
      continue;
    }
    // The plain run up to the next quote, backslash or control character, in one slice.
    const from = j;
    let c = 0;
    while (j < n && (c = text.charCodeAt(j)) !== quote && c !== 92 && c >= 32) j++;
    // A chunk that is all string text is appended as it came: no copy of it is made.
    if (j > from) token.text += from === 0 && j === n ? text : text.slice(from, j);
    if (j === n) return -1;
    if (c === quote) return j + 1;
    if (c === 92) token.escape = 1;
    else {
      // A raw line break inside a string is kept as the character it stands for.
      if (!token.controlNoted) note('control_character_escaped', base + j, base + j + 1);
      token.controlNoted = true;
      token.text += text.charAt(j);
    }
    j++;
  }
  return -1;
}

/**
 * Reads number characters from `text[i]` on: the index of the first character that is not part
 * of a number (n when the chunk ends first), or -1 - index when a character makes the number
 * malformed (`--`, `01`, `1.2.3`).
 *
 * @example
 * const token = newToken('number', 'value', 0, 0);
 * readNumber(token, '-1.25e+,', 0) // 7, token.text === '-1.25e+', whole prefix '-1.25'
 */
export function readNumber(token: Token, text: string, i: number): number {
  const n = text.length;
  let state = token.numberState;
  let j = i;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (!isNumberChar(c)) break;
    const next = nextNumberState(state, c);
    if (next === -1) {
      token.text += text.slice(i, j);
      return -1 - j;
    }
    state = next;
    j++;
  }
  token.text += text.slice(i, j);
  token.numberState = state;
  return j;
}

/**
 * Reads word characters (letters, digits, `_`, `$`, `-`) from `text[i]` on: the index of the
 * first other character, n when the chunk ends first. A value word must stay a literal's prefix:
 * the first character that breaks it returns -1 - index, wherever the chunks were cut.
 *
 * @example
 * const token = newToken('word', 'value', 0, 0);
 * readWord(token, 'true,', 0) // 4, token.text === 'true'
 */
export function readWord(token: Token, text: string, i: number): number {
  const n = text.length;
  let j = i;
  if (token.role === 'key') {
    while (j < n && isWordChar(text.charCodeAt(j))) j++;
    token.text += text.slice(i, j);
    return j;
  }
  // A value word is read against the one literal its first letter names.
  const literal = literalOfPrefix(token.text === '' ? text.charAt(i) : token.text);
  while (j < n && isWordChar(text.charCodeAt(j))) {
    if (literal === undefined || literal.charCodeAt(token.text.length + (j - i)) !== text.charCodeAt(j)) {
      token.text += text.slice(i, j);
      return -1 - j;
    }
    j++;
  }
  token.text += text.slice(i, j);
  return j;
}
