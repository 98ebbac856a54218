/**
 * The end of a balanced JSON value, by counting brackets: how a candidate from the first
 * known key, or a root in prose, learns where its value stops before any parse.
 */
import { BACKSLASH } from './scan-tokens.js';

/**
 * End (exclusive) of the balanced JSON value opening at `start` (`{` or `[`), counting
 * brackets outside double-quoted strings (escape aware), or -1 if it does not close
 * before `limit`. Linear; bracket kinds are not matched (the parser reports mismatches).
 *
 * @example
 * findBalancedEnd('x {"a":"}"} y', 2, 13) // 11
 */
export function findBalancedEnd(text: string, start: number, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
