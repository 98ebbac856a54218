/**
 * Rule 7: markdown fence delimiter lines left inside a YAML candidate (a
 * candidate cut from the first known key, a fence opened twice, …). The
 * delimiter lines are removed; fences inside block scalar bodies are text.
 */
import type { YamlLine } from '../line-table.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { replaceLine, rewriteLines } from './rewrite-lines.js';

export const STRAY_FENCE_MESSAGE = 'Unwrapped markdown code fence wrapping the YAML payload.';

const FENCE = /^[ \t]*(?:`{3,}|~{3,})[ \t]*[\w+.-]*[ \t]*$/;

/**
 * @example
 * repairStrayFences(toLines('```yaml\na: 1\n```'), ctx).lines.map((l) => l.text) // ['a: 1']
 */
export function repairStrayFences(lines: readonly YamlLine[]): RepairStep {
  // A fence line holds three backticks or tildes: without them nowhere, nothing matches.
  if (!mentions(lines, '```') && !mentions(lines, '~~~')) return unchanged(lines);
  const w = new LineRewriter('yaml_stray_fence_stripped', STRAY_FENCE_MESSAGE, 'cleanup');
  return rewriteLines(lines, w, (i) => (FENCE.test(lines[i]!.text) ? replaceLine(i, []) : null));
}
