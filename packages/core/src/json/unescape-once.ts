/**
 * JSON whose quotes arrive backslash-escaped (`{\"a\":1}`, `\"text\"`), as when
 * a model copies a JSON string literal's content: detected at the root only.
 */
import { Ch, isWs } from './json-chars.js';

/**
 * True when the root at `i` starts like escaped JSON: `\"` or an opener whose
 * first token is `\"`. Neither can start valid JSON, so valid input is never taken.
 *
 * @example
 * looksEscaped('{\\"a\\":1}', 0) // true
 */
export function looksEscaped(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  let j = i;
  if (c === Ch.LBRACE || c === Ch.LBRACKET) {
    j++;
    while (isWs(text.charCodeAt(j))) j++;
  }
  return text.charCodeAt(j) === Ch.BACKSLASH && text.charCodeAt(j + 1) === Ch.DQUOTE;
}

/**
 * Removes one level of escaping: `\"` → `"` and `\\` → `\`; other escapes stay.
 *
 * @example
 * unescapeOnce('{\\"a\\":\\"x\\\\\\"y\\"}') // '{"a":"x\\"y"}'
 */
export function unescapeOnce(text: string): string {
  let out = '';
  let from = 0;
  for (let i = text.indexOf('\\'); i >= 0 && i < text.length; i = text.indexOf('\\', i)) {
    const d = text.charCodeAt(i + 1);
    if (d === Ch.DQUOTE || d === Ch.BACKSLASH) {
      out += text.slice(from, i);
      from = i + 1;
      i += 2;
    } else i += 2;
  }
  return out + text.slice(from);
}
