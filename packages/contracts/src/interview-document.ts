/**
 * The interview document (`interview.yaml`, LoopTroop spec §5): the approved
 * interview every later phase reads, and the body of the Full Answers.
 * Keys match loosely (`answerType` = `answer_type`) and extra keys are ignored,
 * as LoopTroop does; the schema is the wire form (LoopTroop's spellings and
 * defaults are settled by the `document shape` check, see
 * interview-document-shape.ts), so the value is always the canonical document.
 */
import type { ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { shapeInterviewDocument, type WireDocument } from './interview-document-shape.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const option = z.object({
  id: z.string().optional().describe('Option id (default opt<n>)'),
  label: z.string().optional().describe('Option text; an option without one is dropped'),
});

/** An answer record; every field has LoopTroop's default. */
const interviewAnswerSchema = z.object({
  skipped: z.boolean().optional(),
  selected_option_ids: z.array(z.string()).optional(),
  free_text: z.string().optional(),
  answered_by: z.string().optional().describe('user | ai_skip'),
  answered_at: z.string().optional(),
});

const questionFields = {
  id: z.string().min(1),
  source: z.string().optional().describe('compiled | prompt_follow_up | coverage_follow_up | final_free_form'),
  follow_up_round: z.number().int().nullable().optional(),
  answer_type: z.string().optional().describe('free_text | single_choice | multiple_choice (yes_no: single choice Yes/No)'),
  options: z.array(option).optional(),
};

const documentQuestion = z.object({
  ...questionFields,
  phase: z.string().min(1).describe('Foundation | Structure | Assembly'),
  prompt: z.string().min(1),
  answer: interviewAnswerSchema,
});

const followUpRound = z.object({
  round_number: z.number().int().min(1),
  source: z.enum(['prom4', 'coverage']).optional(),
  question_ids: z.array(z.string()).optional(),
});

const summary = z.object({
  goals: z.array(z.string()).optional(),
  constraints: z.array(z.string()).optional(),
  non_goals: z.array(z.string()).optional(),
  final_free_form_answer: z.string().optional(),
});

const rootFields = {
  schema_version: z.number().int().optional(),
  ticket_id: z.string().optional(),
  artifact: z.string().optional().describe('interview'),
  status: z.string().optional().describe('draft | approved'),
  follow_up_rounds: z.array(followUpRound).optional(),
  summary: summary.nullable().optional(),
  approval: z.object({ approved_by: z.string().optional(), approved_at: z.string().optional() }).optional(),
};

/** The interview document on the wire. */
export const interviewDocumentSchema = z.object({
  ...rootFields,
  generated_by: z.object({ winner_model: z.string().min(1), generated_at: z.string().min(1), canonicalization: z.string().optional() }),
  questions: z.array(documentQuestion).min(1),
});

/**
 * The Full Answers on the wire: a whole document, or answer-only question
 * blocks (`{id, answer}`, answer fields possibly beside `answer`) that the
 * approved interview completes. Question metadata and `generated_by` are
 * therefore optional here; the resolution check decides.
 */
export const fullAnswersSchema = z.object({
  ...rootFields,
  generated_by: z.object({ winner_model: z.string().optional(), generated_at: z.string().optional(), canonicalization: z.string().optional() }).optional(),
  questions: z
    .array(z.object({ ...questionFields, ...interviewAnswerSchema.shape, phase: z.string().optional(), prompt: z.string().optional(), answer: interviewAnswerSchema.optional() }))
    .min(1),
});

/** What the interview document and the Full Answers share. */
export const INTERVIEW_DOCUMENT_SPEC = {
  wrappers: ['interview', 'output', 'result', 'data'],
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  // LoopTroop ignores unknown keys silently: Zod drops them without a record.
  extras: 'keep',
  aliases: {
    'questions[].prompt': ['question', 'text'],
    'questions[].answer_type': ['type'],
    'questions[].options[].id': ['key', 'value'],
    'questions[].options[].label': ['text', 'name', 'option', 'description'],
    selected_option_ids: ['selected'],
  },
  nest: { 'questions[].options[]': 'label' },
  // LoopTroop reads the summary only as a mapping and empties anything else. Not silently here: a union
  // with a text branch would keep loose key matching out of the mapping (`nonGoals` would be lost).
  replaceInvalid: { summary: null },
  strings: { 'summary.goals': { list: true }, 'summary.constraints': { list: true }, 'summary.non_goals': { list: true } },
  yaml: {
    nestedChildren: {
      generated_by: ['winner_model', 'generated_at', 'canonicalization'],
      answer: ['skipped', 'selected_option_ids', 'free_text', 'answered_by', 'answered_at'],
      summary: ['goals', 'constraints', 'non_goals', 'final_free_form_answer'],
      approval: ['approved_by', 'approved_at'],
    },
    freeTextKeys: ['free_text', 'prompt'],
  },
} as const;

const shapeCheck: ContractCheck<WireDocument> = {
  name: 'document shape',
  run(wire, context) {
    const runtime = typeof context['ticket_id'] === 'string' ? context['ticket_id'] : undefined;
    const shaped = shapeInterviewDocument(wire, runtime);
    return shaped.ok ? { value: shaped.value as WireDocument, notes: shaped.notes } : { issues: shaped.issues };
  },
};

/**
 * The interview document (`interview.yaml`). Context: `ticket_id` fills a
 * missing ticket id. The value is LoopTroop's canonical document: phases in
 * Title case, every answer complete, the summary an object.
 *
 * @example
 * const text = 'ticket_id: T-1\ngenerated_by: {winner_model: m, generated_at: "2026-01-01"}\nquestions:\n  - {id: Q01, phase: foundation, prompt: Who signs in?, answer: {free_text: Staff}}';
 * safeParse(text, interviewDocument).data.questions[0]
 * // { id: 'Q01', phase: 'Foundation', prompt: 'Who signs in?', source: 'compiled', follow_up_round: null, answer_type: 'free_text', options: [],
 * //   answer: { skipped: false, selected_option_ids: [], free_text: 'Staff', answered_by: 'user', answered_at: '' } }
 */
export const interviewDocument = defineLoopTroopContract({
  name: 'looptroop.interview-document',
  schema: interviewDocumentSchema,
  ...INTERVIEW_DOCUMENT_SPEC,
  checks: [shapeCheck as ContractCheck<z.output<typeof interviewDocumentSchema>>],
});
