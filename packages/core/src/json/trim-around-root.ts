/**
 * Records the text trimmed around a root value found inside a candidate:
 * leading prose, trailing prose, an orphan closing fence, trailing terminal noise.
 */
import type { Intervention } from '../types.js';
import type { Candidate } from '../scan/candidate.js';

const WS = /^\s*$/;

function trim(rule: Intervention['rule'], message: string, text: string, start: number, end: number): Intervention {
  return { rule, stage: 'parse', category: 'cleanup', message, span: [start, end], before: text.slice(start, end), after: '' };
}

/**
 * Interventions for keeping only `[rootStart, rootEnd)` of the candidate text.
 * Whitespace-only margins are not recorded (JSON ignores them).
 *
 * @example
 * trimAroundRoot(candidate, 6, 13) // [{ rule: 'leading_prose_trimmed', span: [0, 6], … }]
 */
export function trimAroundRoot(candidate: Candidate, rootStart: number, rootEnd: number): Intervention[] {
  const text = candidate.text;
  const out: Intervention[] = [];
  if (!WS.test(text.slice(0, rootStart))) {
    out.push(trim('leading_prose_trimmed', 'Trimmed text before the structured artifact.', text, 0, rootStart));
  }
  const noiseStart = candidate.noiseStart >= rootEnd ? candidate.noiseStart : text.length;
  const fence = candidate.orphanFence;
  let proseEnd = noiseStart;
  if (fence !== undefined && fence[0] >= rootEnd && fence[1] <= noiseStart && WS.test(text.slice(rootEnd, fence[0])) && WS.test(text.slice(fence[1], noiseStart))) {
    out.push(trim('orphan_fence_trimmed', 'Trimmed orphan trailing closing code fence after the structured artifact.', text, fence[0], fence[1]));
    proseEnd = rootEnd;
  }
  if (proseEnd > rootEnd && !WS.test(text.slice(rootEnd, proseEnd))) {
    out.push(trim('trailing_prose_trimmed', 'Trimmed text after the structured artifact.', text, rootEnd, proseEnd));
  }
  if (noiseStart < text.length) {
    out.push(trim('trailing_noise_trimmed', 'Trimmed trailing terminal noise after the complete structured artifact.', text, noiseStart, text.length));
  }
  return out;
}
