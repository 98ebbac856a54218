/**
 * Records the text trimmed around a root value found inside a candidate:
 * leading prose, trailing prose, an orphan closing fence, trailing terminal noise.
 */
import type { Intervention, Span } from '../types.js';
import type { Candidate } from '../scan/candidate.js';
import { JSON_CODE_INFO } from './codes.js';
import { continuesMembers } from './structure-after-root.js';

const WS = /^\s*$/;

function trim(rule: Intervention['rule'], message: string, text: string, start: number, end: number): Intervention {
  return { rule, stage: 'parse', category: 'cleanup', message, span: [start, end], before: text.slice(start, end), after: '' };
}

/** Where the candidate's scanner saw trailing noise and an orphan closing fence. */
export interface TrailingHints {
  /** Start of trailing terminal noise, or -1. */
  noiseStart: number;
  orphanFence?: Span | undefined;
}

/**
 * Interventions for dropping `text[from, end)` after a root value: an orphan
 * fence, prose (`root_continuation_dropped`, category dropped, when it is members
 * continuing the root), terminal noise. Whitespace-only stretches are not recorded.
 *
 * @example
 * trailingTrims('{"a":1} done', 7, { noiseStart: -1 }) // [{ rule: 'trailing_prose_trimmed', span: [7, 12], … }]
 */
export function trailingTrims(text: string, from: number, hints: TrailingHints): Intervention[] {
  const out: Intervention[] = [];
  const noiseStart = hints.noiseStart >= from ? hints.noiseStart : text.length;
  const fence = hints.orphanFence;
  let proseEnd = noiseStart;
  if (fence !== undefined && fence[0] >= from && fence[1] <= noiseStart && WS.test(text.slice(from, fence[0])) && WS.test(text.slice(fence[1], noiseStart))) {
    out.push(trim('orphan_fence_trimmed', 'Trimmed orphan trailing closing code fence after the structured artifact.', text, fence[0], fence[1]));
    proseEnd = from;
  }
  if (proseEnd > from && !WS.test(text.slice(from, proseEnd))) {
    // Members after the root (`}, "b": 2}`): the root ended early; dropping them is no prose trim.
    const data = continuesMembers(text, from);
    const dropped = JSON_CODE_INFO.root_continuation_dropped;
    out.push(data ? { ...trim('root_continuation_dropped', dropped.message, text, from, proseEnd), category: dropped.category } : trim('trailing_prose_trimmed', 'Trimmed text after the structured artifact.', text, from, proseEnd));
  }
  if (noiseStart < text.length) {
    out.push(trim('trailing_noise_trimmed', 'Trimmed trailing terminal noise after the complete structured artifact.', text, noiseStart, text.length));
  }
  return out;
}

/** Intervention for dropping `text[from, to)` before a root value (none when it is whitespace). */
export function leadingTrim(text: string, from: number, to: number): Intervention[] {
  if (to <= from || WS.test(text.slice(from, to))) return [];
  return [trim('leading_prose_trimmed', 'Trimmed text before the structured artifact.', text, from, to)];
}

/**
 * Interventions for keeping only `[rootStart, rootEnd)` of the candidate text.
 * Whitespace-only margins are not recorded (JSON ignores them).
 *
 * @example
 * trimAroundRoot(candidate, 6, 13) // [{ rule: 'leading_prose_trimmed', span: [0, 6], … }]
 */
export function trimAroundRoot(candidate: Candidate, rootStart: number, rootEnd: number): Intervention[] {
  return [...leadingTrim(candidate.text, 0, rootStart), ...trailingTrims(candidate.text, rootEnd, candidate)];
}
