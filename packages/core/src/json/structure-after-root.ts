/**
 * What follows a root value: further roots in later fenced blocks when
 * the caller asks for all of them, and members that continue a root which ended
 * early (recorded as dropped, not trimmed as prose: see trailingTrims).
 */
import { Ch, isIdentChar, isWs } from './json-chars.js';
import { isQuotedKeyAhead } from './structure-lookahead.js';

/**
 * At a closing fence `i` (```` ``` ````): where the next fenced block's root value starts
 * (```` ```json {…} ````), or -1. The fences and the prose between them are not data.
 *
 * @example
 * fencedRootAt('``` ipsum ```json [1]', 0) // 18
 */
export function fencedRootAt(text: string, i: number): number {
  if (!text.startsWith('```', i)) return -1;
  const open = text.indexOf('```', i + 3);
  if (open < 0) return -1;
  let j = open + 3;
  while (isIdentChar(text.charCodeAt(j))) j++;
  while (isWs(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  return c === Ch.LBRACE || c === Ch.LBRACKET ? j : -1;
}

/**
 * True when the text at `i`, after a root value, is members that continue it: stray
 * closers and a comma at most, then `"key":` (`{"a": 1}}, "b": 2}`). Reads past the
 * closers and blanks once, then a bounded key.
 *
 * @example
 * continuesMembers('{"a": 1}}, "b": 2}', 8) // true
 * continuesMembers('{"a": 1} and "b": 2', 8) // false
 */
export function continuesMembers(text: string, i: number): boolean {
  const n = text.length;
  let c = text.charCodeAt(i);
  while (i < n && (isWs(c) || c === Ch.RBRACE || c === Ch.RBRACKET)) c = text.charCodeAt(++i);
  if (c === Ch.COMMA) {
    i++;
    while (isWs(text.charCodeAt(i))) i++;
  }
  return isQuotedKeyAhead(text, i);
}
