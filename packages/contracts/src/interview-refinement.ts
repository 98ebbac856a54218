/**
 * The interview refinement (PROM3, spec §2; LoopTroop's
 * normalizeInterviewRefinementOutput): the refined question list, read and
 * normalized like a PROM1 draft, plus an optional `changes` list accounted
 * for against the winning draft (`context.winner_draft`, its questions as
 * YAML text) and the losing drafts (`context.losing_drafts`: member ids, or
 * `{ memberId, content }`). Without a `changes` list there is no accounting.
 */
import { safeParse, type CheckNote, type ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { DEFAULT_MAX_QUESTIONS, interviewQuestions } from './interview.js';
import { normalizeDraft, readQuestionList, type DraftQuestion } from './interview-question-reading.js';
import { accountChanges, type AccountedChange } from './interview-refinement-checks.js';
import { ChangeRefusal, losingDraftsOf, readChange, type ChangeQuestion } from './interview-refinement-changes.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** A refined interview as the model writes it; `changes` entries are read by the check (aliases, null sides). */
export const interviewRefinementSchema = z.looseObject({
  // Read by the check: a missing or non-list \`questions\` refuses with LoopTroop's message, never coerced.
  questions: z.unknown(),
  changes: z.unknown().optional(),
});

export type InterviewRefinement = z.infer<typeof interviewRefinementSchema>;

/** A change as the contract gives it: sides as `{id, phase, question}` or null, the inspiration resolved. */
function changeOut(c: AccountedChange): Record<string, unknown> {
  const inspiration =
    c.inspiration === null
      ? null
      : { alternative_draft: c.inspiration.draftIndex + 1, ...(c.inspiration.memberId !== '' && { member_id: c.inspiration.memberId }), question: c.inspiration.question };
  return { type: c.type, before: c.before, after: c.after, inspiration, attribution_status: c.status };
}

/** The questions of a reference draft (winning or losing), read like a PROM1 draft without a cap. */
function readDraft(content: string): Readonly<{ questions: readonly DraftQuestion[]; notes: readonly CheckNote[] }> | undefined {
  const result = safeParse(content, interviewQuestions, { context: { max_questions: 0 } });
  if (!result.success) return undefined;
  const notes: CheckNote[] = result.interventions.filter((i) => i.message.startsWith('Renumbered duplicate')).map((i) => ({ rule: 'check_canonicalized', message: i.message }));
  return { questions: result.data.questions as DraftQuestion[], notes };
}

const refinementCheck: ContractCheck<InterviewRefinement> = {
  name: 'interview refinement changes',
  needs: ['winner_draft'],
  run(value, context) {
    const max = typeof context['max_questions'] === 'number' ? context['max_questions'] : DEFAULT_MAX_QUESTIONS;
    if (!Array.isArray(value.questions)) return { issues: ['Interview refinement output is missing questions'] };
    const listed = readQuestionList({ questions: value.questions }, false);
    if (!listed.ok) return { issues: [listed.issue] };
    const draft = normalizeDraft(listed.value, max);
    if (!draft.ok) return { issues: [draft.issue] };
    const winnerText = context['winner_draft'];
    const winner = typeof winnerText === 'string' ? readDraft(winnerText) : undefined;
    if (winner === undefined) return { issues: ['context.winner_draft does not hold a readable interview question list'] };
    const notes = [...draft.value.notes, ...winner.notes];
    if (!Array.isArray(value.changes)) return { value: { questions: draft.value.questions }, notes };
    try {
      const losing = losingDraftsOf(context['losing_drafts']);
      const parsed = value.changes.map((entry, index) => readChange(entry, index, losing));
      const readLosing = (content: string): readonly ChangeQuestion[] => readDraft(content)?.questions ?? [];
      const { questions, changes } = accountChanges(draft.value.questions, parsed, winner.questions, losing, readLosing, notes);
      return { value: { questions, changes: changes.map(changeOut) }, notes };
    } catch (error) {
      if (error instanceof ChangeRefusal) return { issues: [error.message] };
      throw error;
    }
  },
};

/**
 * The PROM3 interview refinement: `questions` (ids `Q##`, phases lowercase
 * and in order, at most `context.max_questions`) and, when the model gave a
 * `changes` list, every change checked against `context.winner_draft`:
 * `{ type: modified | replaced | added | removed, before, after, inspiration,
 * attribution_status }`.
 *
 * @example
 * const winner_draft = 'questions:\n  - id: Q01\n    phase: foundation\n    question: Why?';
 * safeParse('questions:\n  - id: Q01\n    phase: foundation\n    question: Why now?\nchanges:\n  - type: modified\n    before: {id: Q01, phase: foundation, question: Why?}\n    after: {id: Q01, phase: foundation, question: Why now?}', interviewRefinement, { context: { winner_draft } }).data
 * // { questions: [{ id: 'Q01', phase: 'foundation', question: 'Why now?' }],
 * //   changes: [{ type: 'modified', before: {…}, after: {…}, inspiration: null, attribution_status: 'model_unattributed' }] }
 */
export const interviewRefinement = defineLoopTroopContract({
  name: 'looptroop.interview-refinement',
  schema: interviewRefinementSchema,
  wrappers: ['interview_refinement', 'refinement', 'output', 'data'],
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  checks: [refinementCheck],
});
