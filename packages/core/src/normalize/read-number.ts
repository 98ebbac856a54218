/**
 * Numbers as people and models write them: `1,234`, `1_000`, `$12.50`,
 * `12 %`, `12.111,5`, `1/5`, or the one number in a sentence. Two different
 * numbers in the text (`about 12 or 13`) are an ambiguity, never a choice.
 * One pass over the text: linear time on any input.
 */

/** A number read from text, with how it was read; or the numbers it cannot choose between. */
export type NumberRead = { rule: 'number_text_parsed' | 'number_mentioned'; value: number } | { ambiguous: number[] };

const CURRENCY = /^[$€£¥₹]|[$€£¥₹]$/;
const PLAIN = /^\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$|^\.\d+(?:[eE][-+]?\d+)?$/;
const US_GROUPS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const UNDERSCORES = /^\d+(?:_\d+)+(?:\.\d+)?$/;
const EU_GROUPS = /^\d{1,3}(?:\.\d{3})+,\d+$/;
const FRACTION = /^(\d+)\s*\/\s*(\d+)$/;
/** Markdown emphasis, quotes and a closing full stop around a whole answer. */
const WRAPPING = /^[\s*_"'`]+|[\s*_"'`.!]+$/g;

/**
 * One number token as written (`-$1,234.50`, `12 %`, `1/5`), or undefined.
 *
 * @example
 * numberOfToken('$12.50') // 12.5
 * numberOfToken('1,234')  // 1234
 */
export function numberOfToken(token: string): number | undefined {
  let body = token.trim();
  let sign = 1;
  if (body.startsWith('-') || body.startsWith('−')) sign = -1;
  if (sign === -1 || body.startsWith('+')) body = body.slice(1).trimStart();
  if (body.endsWith('%')) body = body.slice(0, -1).trimEnd();
  if (CURRENCY.test(body)) body = body.replace(CURRENCY, '').trim();
  let value: number | undefined;
  if (PLAIN.test(body)) value = Number(body);
  else if (US_GROUPS.test(body)) value = Number(body.replace(/,/g, ''));
  else if (UNDERSCORES.test(body)) value = Number(body.replace(/_/g, ''));
  else if (EU_GROUPS.test(body)) value = Number(body.replace(/\./g, '').replace(',', '.'));
  else {
    const fraction = FRACTION.exec(body);
    if (fraction !== null && Number(fraction[2]) !== 0) value = Number(fraction[1]) / Number(fraction[2]);
  }
  return value !== undefined && Number.isFinite(value) ? sign * value : undefined;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Letters and digits of any script: a number glued to one (`k1`, `H2O`, `1st`) is not a mention. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Reads a number from a text: the whole text as one number, else the only
 * number it mentions.
 *
 * @example
 * readNumber('$1,234.50')            // { rule: 'number_text_parsed', value: 1234.5 }
 * readNumber('The total is 42 EUR.') // { rule: 'number_mentioned', value: 42 }
 * readNumber('about 12 or 13')       // { ambiguous: [12, 13] }
 */
export function readNumber(text: string): NumberRead | null {
  const whole = numberOfToken(text.replace(WRAPPING, ''));
  if (whole !== undefined) return { rule: 'number_text_parsed', value: whole };
  const found: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i)) || (i > 0 && (WORD_CHAR.test(text[i - 1]!) || text[i - 1] === '.'))) {
      i++;
      continue;
    }
    let end = i;
    while (end < text.length && (isDigit(text.charCodeAt(end)) || ((text[end] === ',' || text[end] === '.' || text[end] === '_') && isDigit(text.charCodeAt(end + 1))))) end++;
    const next = end < text.length ? text[end]! : '';
    // A word glued after the digits (`1st`, `3D`) or a further number part makes it something else.
    if (next === '' || !WORD_CHAR.test(next)) {
      let start = i;
      if (start > 0 && '$€£¥₹'.includes(text[start - 1]!)) start--;
      if (start > 0 && (text[start - 1] === '-' || text[start - 1] === '−') && (start < 2 || !WORD_CHAR.test(text[start - 2]!))) start--;
      const value = numberOfToken(text.slice(start, end));
      if (value !== undefined && !found.includes(value)) {
        found.push(value);
        if (found.length > 2) break;
      }
    }
    i = end + 1;
  }
  if (found.length === 0) return null;
  return found.length === 1 ? { rule: 'number_mentioned', value: found[0]! } : { ambiguous: found };
}
