/**
 * The text of a candidate as the value itself, for contracts whose root is a
 * scalar (string, number, boolean, enum, literal, or a union of those): a
 * classifier's `The sentiment is **Positive**.` is the answer, not a failed
 * search for JSON. Trims the text, a fence wrapping all of it and quotes
 * around all of it, each recorded; the schema-aligned normalization then
 * reads the value the contract wants from it.
 */
import { ALIGN_CODE_INFO } from '../normalize/align-codes.js';
import type { Candidate } from '../scan/candidate.js';
import type { Intervention } from '../types.js';
import type { ParseOutcome } from '../stage-types.js';

/** A fence around the whole text: opening line (with an optional info string), body, closing line. */
const WHOLE_FENCE = /^(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1[ \t]*$/;
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '“': '”', '‘': '’' };

function cut(rule: 'code_fence_trimmed' | 'scalar_quotes_removed', text: string, start: number, end: number, innerStart: number, innerEnd: number): Intervention {
  const message = rule === 'code_fence_trimmed' ? 'Trimmed a Markdown code fence around the answer.' : ALIGN_CODE_INFO.scalar_quotes_removed.message;
  return { rule, stage: 'parse', category: 'cleanup', message, span: [start, end], before: text.slice(start, end), after: text.slice(innerStart, innerEnd) };
}

/**
 * Reads a candidate's text as a scalar answer.
 *
 * @example
 * readScalarText(candidateOf('  "Positive"\n')) // { ok: true, value: 'Positive', interventions: [scalar_quotes_removed] }
 */
export function readScalarText(candidate: Candidate): ParseOutcome {
  const text = candidate.text;
  let start = text.length - text.trimStart().length;
  let end = text.trimEnd().length;
  if (end <= start) return { ok: false, failure: 'no_candidate', error: 'The candidate is blank.', interventions: [] };
  // The text as it stands is the answer: how it was read shows in the candidate's format, not as a change.
  const interventions: Intervention[] = [];
  const fence = WHOLE_FENCE.exec(text.slice(start, end));
  if (fence !== null) {
    const innerStart = start + fence[1]!.length + text.slice(start + fence[1]!.length, end).indexOf('\n') + 1;
    const innerEnd = innerStart + fence[2]!.length;
    interventions.push(cut('code_fence_trimmed', text, start, end, innerStart, innerEnd));
    const body = text.slice(innerStart, innerEnd);
    start = innerStart + (body.length - body.trimStart().length);
    end = innerStart + body.trimEnd().length;
  }
  const close = QUOTE_PAIRS[text[start] ?? ''];
  if (end - start >= 2 && close !== undefined && text[end - 1] === close && !text.slice(start + 1, end - 1).includes(close)) {
    interventions.push(cut('scalar_quotes_removed', text, start, end, start + 1, end - 1));
    start++;
    end--;
  }
  return { ok: true, value: text.slice(start, end), interventions, truncated: false };
}
