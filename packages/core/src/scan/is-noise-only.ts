import { SpanKind } from './span-kind.js';

/**
 * True when the text is nothing but whitespace and trailing terminal noise,
 * which the retry loop must treat like an empty output (fresh session).
 *
 * @example
 * isNoiseOnly('\u001b[0m\n', scanText('\u001b[0m\n')) // true
 */
export function isNoiseOnly(raw: string, spans: Int32Array): boolean {
  for (let k = spans.length - 3; k >= 0; k -= 3) {
    if (spans[k] === SpanKind.TRAILING_NOISE) return raw.slice(0, spans[k + 1]).trim() === '';
  }
  return false;
}
