/**
 * Transport cleanup for a YAML candidate before any structural repair:
 * trailing terminal noise (ANSI sequences, bracketed-paste markers, control
 * characters, as located by the scanner) and an orphan closing fence line.
 */
import type { Intervention } from '../types.js';
import type { Candidate } from '../scan/candidate.js';
import { toLines, type YamlLine } from './line-table.js';

/**
 * The candidate's line table without its trailing noise and orphan fence.
 *
 * @example
 * trimYamlTransportNoise({ text: 'a: 1\n\u001b[0m', noiseStart: 5 }).interventions[0].rule // 'trailing_noise_trimmed'
 */
export function trimYamlTransportNoise(candidate: Pick<Candidate, 'text' | 'noiseStart' | 'orphanFence'>): { lines: YamlLine[]; interventions: Intervention[] } {
  const text = candidate.text;
  const interventions: Intervention[] = [];
  const limit = candidate.noiseStart >= 0 && candidate.noiseStart < text.length ? candidate.noiseStart : text.length;
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
