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

const ORDER_BY_PHASE = { questions: { by: 'phase', values: INTERVIEW_PHASES } };

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

const answerSchema = z.object({
  skipped: z.boolean(),
  selected_option_ids: z.array(z.string()).optional(),
  free_text: z.string().optional(),
  answered_by: z.string().optional(),
  answered_at: z.string().optional(),
});

const documentQuestion = z.object({
  id: z.string().min(1),
  phase,
  question: z.string().min(1),
  source: z.string().optional(),
  answer_type: z.enum(['free_text', 'single_choice', 'multiple_choice']).optional(),
  options: z.array(option).optional(),
  answer: answerSchema.optional(),
});

const followUpRound = z.object({ round: z.number().int().positive(), question_ids: z.array(z.string()) });

/** The durable interview document. */
export const interviewDocumentSchema = z.object({
  schema_version: z.number().int().positive(),
  ticket_id: z.string().min(1),
  artifact: z.literal('interview'),
  status: z.enum(['draft', 'approved']),
  generated_by: z.object({ winner_model: z.string(), generated_at: z.string() }).optional(),
  questions: z.array(documentQuestion),
  follow_up_rounds: z.array(followUpRound).optional(),
  summary: z.string().optional(),
  approval: z.object({ approved_by: z.string(), approved_at: z.string() }).optional(),
});

/** What the interview document and the full answers share. */
export const INTERVIEW_DOCUMENT_SPEC = {
  schema: interviewDocumentSchema,
  wrappers: ['interview'],
  aliases: { question: ['prompt', 'text'], answer_type: ['type'], approved_by: ['approvedby'], free_text: ['freetext'] },
  synonyms: {
    status: { map: { draft: [], approved: [] }, fallback: 'draft' },
    artifact: { map: { interview: [] }, fallback: 'interview' },
  },
  ids: { questions: { format: 'Q{n:2}', normalize: false, fill: false } },
  order: ORDER_BY_PHASE,
  context: { ticket_id: 'ticket_id' },
  defaults: { artifact: 'interview', schema_version: 1 },
  yaml: {
    nestedChildren: { generated_by: ['winner_model', 'generated_at'], approval: ['approved_by', 'approved_at'], answer: ['skipped', 'free_text', 'answered_by', 'answered_at'] },
    freeTextKeys: ['free_text'],
  },
} as const;

/** The document's wording of its repairs. */
export const INTERVIEW_DOCUMENT_WORDING: readonly Wording[] = [
  { rule: 'id_renumbered', at: 'questions[].id', message: 'Renumbered duplicate question id "{before}" to "{after}".' },
  { rule: 'synonym_fallback', at: 'status', message: 'Normalized unsupported interview status "{before}" to draft.' },
  { rule: 'synonym_fallback', at: 'artifact', message: 'Normalized root artifact "{before}" to interview.' },
];

/**
 * The durable interview document (`interview.yaml`).
 *
 * @example
 * safeParse(text, interviewDocument, { context: { ticket_id: 'T-42' } })
 */
export const interviewDocument = defineContract({
  name: 'looptroop.interview-document',
  ...INTERVIEW_DOCUMENT_SPEC,
  wording: INTERVIEW_DOCUMENT_WORDING,
});
