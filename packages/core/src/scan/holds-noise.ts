/**
 * Whether a model text holds terminal noise anywhere: a C0 control other than
 * tab, LF and CR, DEL, or a bare bracketed-paste marker (`[200~`, `[201~`), the
 * characters that open the scanner's noise tokens. Noise makes the pipeline scan
 * before it reads, so that YAML never takes noise for data.
 */
import { SpanKind } from './span-kind.js';

/** C0 controls (but tab, LF, CR) and DEL (one class: much faster than an alternation). */
const NOISE_CHAR = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/** A bare bracketed-paste marker, the scanner's other noise token. */
const PASTE_MARKER = /\[20[01]~/;

/**
 * The characters of NOISE_CHAR one by one, ESC (the usual noise) and DEL first: each `indexOf` of one
 * character runs at memory speed, so 30 of them read a 2 KB output in about a quarter of the
 * regex's time (0.7 vs 3.2 µs), which tests every code unit in turn.
 */
const NOISE_CHARS: readonly string[] = ['\x1b', '\x7f', ...Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).filter((c) => !'\t\n\r\x1b'.includes(c))];

/** Below this length the regex's one pass beats 30 searches' call costs (measured crossover: about 256). */
const SEARCH_BY_CHAR_FROM = 256;

/** Index of the first C0 control (but tab, LF, CR) or DEL, or -1. */
function firstNoiseChar(text: string): number {
  if (text.length < SEARCH_BY_CHAR_FROM) return text.search(NOISE_CHAR);
  let first = -1;
  // Once one is found, the next searches read only the text before it (a slice copies nothing).
  let before = text;
  for (let k = 0; k < NOISE_CHARS.length; k++) {
    const at = before.indexOf(NOISE_CHARS[k]!);
    if (at < 0) continue;
    first = at;
    before = text.slice(0, at);
  }
  return first;
}

/**
 * The answer by reading the text: one search for each noise character (and one more with a
 * `~` in it).
 *
 * @example
 * textHoldsNoise('ok \u001b[0m') // true
 */
export function textHoldsNoise(text: string): boolean {
  return firstNoiseIndex(text) >= 0;
}

/**
 * Where the first noise token starts (the first code unit `textHoldsNoise` looks for), or -1.
 *
 * @example
 * firstNoiseIndex('ok \u001b[0m') // 3
 */
export function firstNoiseIndex(text: string): number {
  const control = firstNoiseChar(text);
  const paste = mayHoldPasteMarker(text) ? text.search(PASTE_MARKER) : -1;
  return control < 0 ? paste : paste < 0 ? control : Math.min(control, paste);
}

/**
 * The same answer from the text's scan, which has read every character but those of fence
 * lines: a FIRST_NOISE span, or noise on a fence line. No second pass over the text.
 *
 * @example
 * holdsNoise(raw, selectScan(raw)) === textHoldsNoise(raw) // always
 */
export function holdsNoise(text: string, spans: Int32Array): boolean {
  for (let k = spans.length - 3; k >= 0; k -= 3) {
    const kind = spans[k];
    if (kind === SpanKind.FIRST_NOISE) return true;
    if ((kind === SpanKind.FENCE_OPEN || kind === SpanKind.FENCE_CLOSE || kind === SpanKind.ORPHAN_FENCE) && textHoldsNoise(text.slice(spans[k + 1], spans[k + 2]))) return true;
  }
  return false;
}

/**
 * Noise in a text that `JSON.parse` accepted: JSON admits no C0 control outside tab, LF and
 * CR anywhere, so only DEL and the paste markers remain to look for, which `includes`
 * finds far faster than a regex walks the text.
 *
 * @example
 * parsedJsonHoldsNoise('{"a":"\u007f"}') // true
 */
export function parsedJsonHoldsNoise(text: string): boolean {
  return text.includes('\x7f') || (mayHoldPasteMarker(text) && PASTE_MARKER.test(text));
}

/**
 * False when the text holds no `~`, the paste markers' last character: rare in model output,
 * where `[` is everywhere, and a one-character search is about three times as fast as one for `[20`.
 */
function mayHoldPasteMarker(text: string): boolean {
  return text.includes('~');
}
