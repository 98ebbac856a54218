import { SpanKind } from './span-kind.js';

/** Raw text with every transcript prefix removed, and the map back to raw offsets. */
export interface StrippedText {
  text: string;
  /** Flat `[strippedIndex, rawIndex]` pairs, as in {@link Candidate.segments}. */
  segments: number[];
  /** The removed prefixes, raw coordinates. */
  removed: [number, number][];
}

/**
 * Removes `[assistant] `-style prefixes found by the scanner. Returns null when
 * there are none, so clean text is never copied.
 *
 * @example
 * stripTranscriptPrefixes('[assistant] {"a":1}', scanText('[assistant] {"a":1}'))?.text // '{"a":1}'
 */
export function stripTranscriptPrefixes(raw: string, spans: Int32Array): StrippedText | null {
  const removed: [number, number][] = [];
  for (let k = 0; k < spans.length; k += 3) {
    if (spans[k] === SpanKind.TRANSCRIPT_PREFIX) removed.push([spans[k + 1]!, spans[k + 2]!]);
  }
  if (removed.length === 0) return null;
  const parts: string[] = [];
  const segments: number[] = [];
  let rawPos = 0;
  let outLen = 0;
  for (const [start, end] of removed) {
    if (start > rawPos) {
      segments.push(outLen, rawPos);
      parts.push(raw.slice(rawPos, start));
      outLen += start - rawPos;
    }
    rawPos = end;
  }
  segments.push(outLen, rawPos);
  parts.push(raw.slice(rawPos));
  return { text: parts.join(''), segments, removed };
}
