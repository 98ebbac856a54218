import type { Intervention } from '../types.js';
import type { Candidate } from './candidate.js';
import { matchTranscriptPrefix } from './scan-tokens.js';

function prefixStripped(raw: string, start: number, end: number): Intervention {
  return {
    rule: 'transcript_prefix_stripped',
    stage: 'parse',
    category: 'cleanup',
    message: 'Stripped a transcript role prefix from the start of a line.',
    span: [start, end],
    before: raw.slice(start, end),
    after: '',
  };
}

/**
 * True when the whole text is one envelope of a tag the contract declares (`<BEAD_STATUS>` …
 * `</BEAD_STATUS>`, whitespace around): that is the artifact's own wire format, so reading its
 * body recovers nothing from surrounding text.
 */
function isOwnEnvelope(raw: string, candidate: Candidate, ownTags: readonly string[]): boolean {
  const tag = candidate.tag;
  if (candidate.source !== 'tagged' || tag === undefined || candidate.prefixStripped) return false;
  const upper = tag.toUpperCase();
  if (!ownTags.some((t) => t.toUpperCase() === upper)) return false;
  // Read outward from the text's ends, never slicing it: a long text with many envelopes stays linear.
  return onlySpaceAround(raw, 0, `<${upper}>`, candidate.span[0]) && onlySpaceAround(raw, candidate.span[1], `</${upper}>`, raw.length);
}

/** True when `raw[from, to)` is `token` (compared uppercase) with nothing but whitespace around it. */
function onlySpaceAround(raw: string, from: number, token: string, to: number): boolean {
  let i = from;
  while (i < to && isSpace(raw.charCodeAt(i))) i++;
  if (to - i < token.length || raw.slice(i, i + token.length).toUpperCase() !== token) return false;
  for (i += token.length; i < to; i++) if (!isSpace(raw.charCodeAt(i))) return false;
  return true;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Interventions describing how a candidate was cut out of the raw text: each
 * transcript prefix removed inside it (and on its first line), and a
 * candidate-recovery record when it is not the raw text itself, nor the body of the one
 * envelope of a tag the contract declares (`ownTags`) that makes up the whole text.
 *
 * @example
 * extractionInterventions(raw, fencedCandidate).map((i) => i.rule) // ['candidate_recovered']
 */
export function extractionInterventions(raw: string, candidate: Candidate, ownTags: readonly string[] = []): Intervention[] {
  const out: Intervention[] = [];
  const seg = candidate.segments;
  if (candidate.prefixStripped && seg !== undefined) {
    // The prefix on the candidate's first line lies just before it, outside its segments.
    const first = candidate.span[0];
    const lineStart = raw.lastIndexOf('\n', first - 1) + 1;
    if (first > lineStart && matchTranscriptPrefix(raw, lineStart) === first - lineStart) {
      out.push(prefixStripped(raw, lineStart, first));
    }
    // Every gap between consecutive segments is a removed prefix.
    for (let k = 2; k < seg.length; k += 2) {
      const rawEnd = seg[k + 1]!;
      const rawStart = seg[k - 1]! + (seg[k]! - seg[k - 2]!);
      if (rawEnd > rawStart) out.push(prefixStripped(raw, rawStart, rawEnd));
    }
  }
  if (candidate.source !== 'raw' && !isOwnEnvelope(raw, candidate, ownTags)) {
    out.push({
      rule: 'candidate_recovered',
      stage: 'parse',
      category: 'cleanup',
      message: 'Recovered the structured artifact from surrounding transcript or wrapper text before validation.',
      span: candidate.span,
    });
  }
  return out;
}
