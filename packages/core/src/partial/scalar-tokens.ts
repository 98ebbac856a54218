/**
 * The scalar tokens of the partial reader, read one character at a time: a JSON number as a
 * small state machine (so `--` or `01` fail at the character that makes them wrong, and the
 * longest well-formed prefix of a cut-off number is known without a second pass), and the
 * literals with their prefixes (`tru` is a prefix of `true`, never `true` itself).
 */

/** Number states: 0 start, 1 `-`, 2 `0`, 3 integer digits, 4 `.`, 5 fraction, 6 `e`, 7 exponent sign, 8 exponent digits. */
export type NumberState = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** The state a number starts in. */
export const NUMBER_START: NumberState = 0;

/** True for the states where the text read so far is a whole JSON number (`0`, `12`, `1.5`, `1e3`). */
export function isWholeNumber(state: NumberState): boolean {
  return state === 2 || state === 3 || state === 5 || state === 8;
}

/** True for a character a number can hold: digits, `-`, `+`, `.`, `e`, `E`. */
export function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The state after one more character, or -1 when the character cannot continue the number
 * (`--`, `01`, `1.2.`).
 *
 * @example
 * nextNumberState(NUMBER_START, 45) // 1 (after `-`)
 * nextNumberState(1, 45) // -1 (`--`)
 */
export function nextNumberState(state: NumberState, c: number): NumberState | -1 {
  const digit = isDigit(c);
  switch (state) {
    case 0:
      return c === 45 ? 1 : c === 48 ? 2 : digit ? 3 : -1;
    case 1:
      return c === 48 ? 2 : digit ? 3 : -1;
    case 2:
      return c === 46 ? 4 : c === 101 || c === 69 ? 6 : -1;
    case 3:
      return digit ? 3 : c === 46 ? 4 : c === 101 || c === 69 ? 6 : -1;
    case 4:
      return digit ? 5 : -1;
    case 5:
      return digit ? 5 : c === 101 || c === 69 ? 6 : -1;
    case 6:
      return c === 43 || c === 45 ? 7 : digit ? 8 : -1;
    case 7:
      return digit ? 8 : -1;
    default:
      return digit ? 8 : -1;
  }
}

/**
 * The longest prefix of a number's text that is a whole number (`-1.25` of `-1.25e+`), `''`
 * when none. The text is one the reader accepted, so every character continues the number.
 *
 * @example
 * wholeNumberPrefix('-1.25e+') // '-1.25'
 * wholeNumberPrefix('-') // ''
 */
export function wholeNumberPrefix(text: string): string {
  let state: NumberState = NUMBER_START;
  let whole = 0;
  for (let i = 0; i < text.length; i++) {
    const next = nextNumberState(state, text.charCodeAt(i));
    if (next === -1) break;
    state = next;
    if (isWholeNumber(state)) whole = i + 1;
  }
  return text.slice(0, whole);
}

/** The literals the reader knows, Python's spellings included (recorded as `python_literal`). */
const LITERALS: ReadonlyMap<string, boolean | null> = new Map([
  ['true', true],
  ['false', false],
  ['null', null],
  ['True', true],
  ['False', false],
  ['None', null],
]);

/**
 * The literal a word spells in full, or undefined.
 *
 * @example
 * literalValue('true') // true
 * literalValue('tru') // undefined
 */
export function literalValue(word: string): boolean | null | undefined {
  return LITERALS.get(word);
}

/**
 * The literal a word is a proper or whole prefix of (`t` → `true`, `Tr` → `True`), or undefined
 * when it starts none (`tx`, `a`). The first letters differ, so a prefix names one literal.
 *
 * @example
 * literalOfPrefix('fa') // 'false'
 * literalOfPrefix('fx') // undefined
 */
export function literalOfPrefix(word: string): string | undefined {
  if (word.length === 0) return undefined;
  for (const literal of LITERALS.keys()) if (literal.startsWith(word)) return literal;
  return undefined;
}

/**
 * The JSON literal a cut-off word completes to, when the partial options keep literals: only
 * JSON's spellings, since a prefix of a Python one is ambiguous (`N` may be `None` or `NaN`).
 *
 * @example
 * completionOf('tr') // 'true'
 * completionOf('N') // undefined
 */
export function completionOf(word: string): 'true' | 'false' | 'null' | undefined {
  const literal = literalOfPrefix(word);
  return literal === 'true' || literal === 'false' || literal === 'null' ? literal : undefined;
}

/** True for a literal spelled the Python way (`True`, `False`, `None`). */
export function isPythonLiteral(word: string): boolean {
  return word === 'True' || word === 'False' || word === 'None';
}

/** True for a character an unquoted key or a literal can start with: a letter, `_` or `$`. */
export function isWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

/** True for a character an unquoted key or a literal can hold: a letter, a digit, `_`, `$` or `-`. */
export function isWordChar(c: number): boolean {
  return isWordStart(c) || isDigit(c) || c === 45;
}
