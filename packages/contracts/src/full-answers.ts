/**
 * Full Answers, the resolved interview (LoopTroop spec §6, PROM10a): the
 * approved interview with the questions the user skipped answered by the
 * model. It reads like the interview document, but may also arrive as
 * answer-only question blocks; either way the approved interview
 * (`context.interview`) settles everything the model was not asked to write
 * (see resolved-interview-checks.ts).
 */
import type { ContractCheck } from '@airlock/core';
import type { z } from 'zod';
import { INTERVIEW_DOCUMENT_SPEC, fullAnswersSchema } from './interview-document.js';
import { resolvedInterviewCheck } from './resolved-interview-checks.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/**
 * The Full Answers artifact. Context: `interview` (the approved interview's
 * YAML text, required), `ticket_id`, and `member_id` (the council member that
 * wrote it, recorded as `generated_by.winner_model`). The value is always a
 * draft with empty approval, the approved questions in their order, and
 * every AI-filled answer marked `answered_by: ai_skip`.
 *
 * @example
 * safeParse('questions:\n  - id: Q01\n    answer: {free_text: Email}\n    answered_at: "2026-03-01T10:00:00Z"', fullAnswers, {
 *   context: { ticket_id: 'T-1', interview: approvedInterviewYaml, member_id: 'openai/gpt-5' },
 * }).data.questions[0].answer
 * // { skipped: false, selected_option_ids: [], free_text: 'Email', answered_by: 'ai_skip', answered_at: '2026-03-01T10:00:00Z' }
 */
export const fullAnswers = defineLoopTroopContract({
  name: 'looptroop.full-answers',
  schema: fullAnswersSchema,
  ...INTERVIEW_DOCUMENT_SPEC,
  checks: [resolvedInterviewCheck as ContractCheck<z.output<typeof fullAnswersSchema>>],
});
