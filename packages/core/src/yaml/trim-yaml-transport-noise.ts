/**
 * Transport cleanup for a YAML candidate before any structural repair:
 * trailing terminal noise (ANSI sequences, bracketed-paste markers, control
 * characters, as located by the scanner, and what is left of an escape sequence
 * whose ESC was lost) and an orphan closing fence line.
 */
import type { Intervention } from '../types.js';
import type { Candidate } from '../scan/candidate.js';
import { toLines, type YamlLine } from './line-table.js';

/**
 * What a terminal leaves of escape sequences whose ESC was lost on the way into a log,
 * glued to the artifact's last token (`total_score: 84[e~[`, `[201~`, `[0m`, `[?25h`): a `[`
 * run ending in `~` or in digits and a final letter. A plain `[` or `[]` is YAML, never this.
 */
const ESCAPE_REMNANT = /(?:\[[0-9;?]*[A-Za-z]?~\[?|\[[0-9;?]*[0-9][A-Za-z~]\[?)+[ \t\r\n]*$/;

/** Where an escape remnant at the end of `text` (before `limit`) starts, or `limit`. */
function remnantStart(text: string, limit: number): number {
  // Only the last few characters can hold one: the regex never reads a long text.
  const from = Math.max(0, limit - 32);
  const match = ESCAPE_REMNANT.exec(text.slice(from, limit));
  return match === null ? limit : from + match.index;
}

/**
 * The candidate's line table without its trailing noise and orphan fence.
 *
 * @example
 * trimYamlTransportNoise({ text: 'a: 1\n\u001b[0m', noiseStart: 5 }).interventions[0].rule // 'trailing_noise_trimmed'
 */
export function trimYamlTransportNoise(candidate: Pick<Candidate, 'text' | 'noiseStart' | 'orphanFence'>): { lines: YamlLine[]; interventions: Intervention[] } {
  const text = candidate.text;
  const interventions: Intervention[] = [];
  let limit = candidate.noiseStart >= 0 && candidate.noiseStart < text.length ? candidate.noiseStart : text.length;
  limit = remnantStart(text, limit);
  if (limit < text.length) {
    interventions.push({
      rule: 'trailing_noise_trimmed',
      stage: 'parse',
      category: 'cleanup',
      message: 'Trimmed trailing terminal noise after the complete structured artifact.',
      span: [limit, text.length],
      before: text.slice(limit),
      after: '',
    });
  }
  let lines = toLines(text, limit);
  const fence = candidate.orphanFence;
  if (fence !== undefined && fence[1] <= limit && text.slice(fence[1], limit).trim() === '') {
    const at = lines.findIndex((l) => l.start <= fence[0] && fence[1] <= l.end);
    const line = lines[at];
    if (line !== undefined && line.text.trim().startsWith('```')) {
      interventions.push({
        rule: 'orphan_fence_trimmed',
        stage: 'parse',
        category: 'cleanup',
        message: 'Trimmed orphan trailing closing code fence after the structured artifact.',
        span: [line.start, line.end],
        before: line.text,
        after: '',
      });
      lines = [...lines.slice(0, at), ...lines.slice(at + 1)];
    }
  }
  return { lines, interventions };
}
