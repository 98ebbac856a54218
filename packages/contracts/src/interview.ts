/**
 * Interview artifacts (output-normalization seed, section 3): the question
 * list of a live batch or a refine phase, and the durable interview document.
 * Both accept phases in any case and order questions by phase; the list
 * renumbers every id to `Q##`, the document only repairs exact duplicates.
 * A malformed entry of `questions` fails with its index rather than being dropped.
 */
import { defineContract, type Wording } from '@airlock/core';
import { z } from 'zod';

/** Interview phases, in the order questions are asked. */
export const INTERVIEW_PHASES = ['foundation', 'structure', 'assembly'] as const;

const phase = z.enum(INTERVIEW_PHASES);
const option = z.object({ id: z.string().min(1), label: z.string().min(1) });

/** One question as a batch or refine phase emits it. */
export const interviewQuestionSchema = z.object({
  id: z.string().regex(/^Q\d{2,}$/),
  phase,
  question: z.string().min(1),
  rationale: z.string().optional(),
  answer_type: z.enum(['free_text', 'single_choice', 'multiple_choice']).optional(),
  options: z.array(option).optional(),
});

/** A question batch: the questions plus optional batch bookkeeping. */
export const interviewQuestionsSchema = z.object({
  batch_number: z.number().int().positive().optional(),
  is_final_free_form: z.boolean().optional(),
  ai_commentary: z.string().optional(),
  progress: z.object({ current: z.number().int().nonnegative(), total: z.number().int().positive() }).optional(),
  questions: z.array(interviewQuestionSchema),
});

export const ORDER_BY_PHASE = { questions: { by: 'phase', values: INTERVIEW_PHASES } };

/**
 * The question list of an interview batch or refine phase.
 *
 * @example
 * safeParse('questions:\n  - id: 1\n    phase: Structure\n    question: Which IdP?\n  - id: q1\n    phase: foundation\n    question: Who signs in?', interviewQuestions).data
 * // { questions: [{ id: 'Q02', phase: 'foundation', question: 'Who signs in?' }, { id: 'Q01', phase: 'structure', question: 'Which IdP?' }] }
 */
export const interviewQuestions = defineContract({
  name: 'looptroop.interview-questions',
  schema: interviewQuestionsSchema,
  wrappers: ['interview', 'batch', 'question_list'],
  rootAliases: { questions: ['question_list', 'interview_questions'] },
  aliases: { question: ['prompt', 'text'], answer_type: ['type'] },
  ids: { questions: { format: 'Q{n:2}' } },
  order: ORDER_BY_PHASE,
  wording: [{ rule: 'id_renumbered', at: 'questions[].id', message: 'Renumbered duplicate question id {before} at index {index} to {after}.' }],
  yaml: { nestedChildren: { progress: ['current', 'total'] } },
});
