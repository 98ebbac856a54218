import type { CandidateFormat, CandidateSource, Span } from '../types.js';

/**
 * A candidate text to try, with enough bookkeeping to rebase spans found in it
 * back to the original raw text.
 */
export interface Candidate {
  source: CandidateSource;
  text: string;
  /** Span of the candidate in the raw text. */
  span: Span;
  /** Format hint from a fence info string, if any. */
  fenceInfo?: string;
  tag?: string;
  prefixStripped: boolean;
  /**
   * Offset map for prefix-stripped candidates: flat pairs `[candidateIndex, rawIndex]`,
   * ascending; a candidate index maps through the last pair at or before it. Absent
   * when the candidate is one contiguous slice starting at `span[0]`.
   */
  segments?: number[];
  /** Start of trailing terminal noise in candidate coordinates, or -1. */
  noiseStart: number;
  /** Orphan closing fence line in candidate coordinates, if any. */
  orphanFence?: Span;
}

/** Sources of candidates that are artifacts of their own (not another view of the whole text). */
export const ARTIFACT_SOURCES: ReadonlySet<Candidate['source']> = new Set(['fenced', 'tagged', 'tagged_unclosed']);

/** Maps an index in a candidate's text to an index in the raw text. */
export function toRawIndex(candidate: Pick<Candidate, 'span' | 'segments'>, index: number): number {
  const seg = candidate.segments;
  if (seg === undefined) return candidate.span[0] + index;
  let lo = 0, hi = seg.length / 2 - 1, best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (seg[mid * 2]! <= index) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return seg[best * 2 + 1]! + (index - seg[best * 2]!);
}

/** Maps a span in candidate coordinates to raw-text coordinates. */
export function toRawSpan(candidate: Candidate, span: Span): Span {
  const start = toRawIndex(candidate, span[0]);
  // An empty span (an insertion point) maps its end with its start.
  const end = span[1] === span[0] ? start : toRawIndex(candidate, span[1] - 1) + 1;
  return [start, end];
}

export type { CandidateFormat };
