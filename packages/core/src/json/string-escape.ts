/**
 * Escapes JSON does not have (`\s`, `\(`, `\'`, `\a`): whether the backslash was meant as a
 * character or only to escape the character after it.
 */
import { Ch, isIdentChar, isQuote } from './json-chars.js';

/** C escapes of control characters JSON has no escape for: bell, vertical tab, escape, NUL. */
function isLoneControlEscape(d: number, after: number): boolean {
  return (d === 97 || d === 118 || d === 101 || d === Ch.ZERO) && !isIdentChar(after);
}

/**
 * True when the backslash at `i` (which starts no JSON escape) is a character of the text: a
 * regular expression (`\s*`, `\(`), a LaTeX command (`\le`, `\alpha`), a Windows path. It is
 * escaped and kept. The backslash is dropped only where it escaped a quote (`\'`, `` \` ``)
 * or stands for a C control escape on its own (`\a`, `\v`, `\e`, `\0`), as jsonrepair does.
 *
 * @example
 * keepsBackslash('"^\\s*"', 2) // true: the value is `^\s*`
 * keepsBackslash("'it\\'s'", 3) // false: the value is `it's`
 */
export function keepsBackslash(text: string, i: number): boolean {
  const d = text.charCodeAt(i + 1);
  return !isQuote(d) && !isLoneControlEscape(d, text.charCodeAt(i + 2));
}
