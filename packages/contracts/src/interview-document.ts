/**
 * The interview document (interview.yaml) and what the resolved interview
 * (full answers) shares with it.
 */
import { defineContract, type Wording } from '@airlock/core';
import { z } from 'zod';
import { INTERVIEW_PHASES, ORDER_BY_PHASE } from './interview.js';

const phase = z.enum(INTERVIEW_PHASES);
const option = z.object({ id: z.string().min(1), label: z.string().min(1) });

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
