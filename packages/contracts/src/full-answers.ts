/**
 * Full answers (output-normalization seed): the interview document with the
 * skipped answers filled before a PRD is drafted. Only here may answer-only
 * blocks be completed from the approved interview (`options.context.interview_questions`),
 * misplaced `answered_by` / `answered_at` moved into the answer, and the
 * approved follow-up rounds (`options.context.follow_up_rounds`) restored:
 * these compare against a reference artifact, so they are recorded at stage
 * `semantic_validation`.
 */
import { defineContract } from '@airlock/core';
import { INTERVIEW_DOCUMENT_SPEC, INTERVIEW_DOCUMENT_WORDING } from './interview-document.js';

const ANSWER_FIELDS = ['answer', 'answered_by', 'answered_at', 'skipped', 'free_text', 'selected_option_ids'];
const FROM_INTERVIEW = 'Canonicalized follow_up_rounds to match the approved Interview Results artifact.';

/**
 * The Full Answers artifact.
 *
 * @example
 * safeParse('questions:\n  - id: Q01\n    answer: {skipped: false, free_text: Email}\n    answered_by: ai', fullAnswers, {
 *   context: { ticket_id: 'T-1', interview_questions: approved.questions, follow_up_rounds: approved.follow_up_rounds },
 * })
 */
export const fullAnswers = defineContract({
  name: 'looptroop.full-answers',
  ...INTERVIEW_DOCUMENT_SPEC,
  context: { ...INTERVIEW_DOCUMENT_SPEC.context, follow_up_rounds: 'follow_up_rounds' },
  hoist: { 'questions[].answer': ['answered_by', 'answered_at'] },
  overlay: { questions: { context: 'interview_questions', fields: ANSWER_FIELDS } },
  wording: [
    ...INTERVIEW_DOCUMENT_WORDING,
    { rule: 'overlay_restored', message: 'Recovered Full Answers answer-only question blocks using canonical question metadata.' },
    { rule: 'key_hoisted', message: 'Hoisted {key} into answer for canonical question {id}.', stage: 'semantic_validation' },
    { rule: 'context_canonicalized', at: 'follow_up_rounds', message: FROM_INTERVIEW, stage: 'semantic_validation' },
    { rule: 'context_filled', at: 'follow_up_rounds', message: FROM_INTERVIEW, stage: 'semantic_validation' },
  ],
});
