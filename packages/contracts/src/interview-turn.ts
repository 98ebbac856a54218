/**
 * One interview turn (PROM4, spec §3; LoopTroop's normalizeInterviewTurnOutput):
 * either the next `<INTERVIEW_BATCH>` of questions or `<INTERVIEW_COMPLETE>`,
 * the final interview document. One contract takes both; the value says which
 * (`kind: 'batch' | 'complete'`).
 *
 * LoopTroop tries COMPLETE first, then BATCH, then untagged text. A contract
 * check cannot see which tag held the document, so the shape decides: a
 * document with a `questions` or `answers` list is complete when it also holds
 * a key of the final interview (`schema_version`, `summary`, `status`, …) or
 * no batch key (`batch_number`, `progress`), and a document with final keys
 * but no list is a completion that lacks its list; anything else is read as a
 * batch and must meet the batch rules.
 */
import type { CheckNote, ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { answerShape, type AnswerShape } from './interview-asked-questions.js';
import { hasAlias, isRecord, readAlias, readText, text, toBoolean, toInteger } from './interview-fields.js';
import { PHASE_KEYS, titlePhase } from './interview-question-reading.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** LoopTroop asks at most this many questions per batch; more are cut silently. */
export const MAX_BATCH_QUESTIONS = 3;

const PRIORITIES = ['critical', 'high', 'medium', 'low'];
const BATCH_KEYS = ['batch_number', 'progress'];
const FINAL_KEYS = [
  'schema_version', 'artifact', 'generated_by', 'approval', 'summary', 'follow_up_rounds',
  'ticket_id', 'status', 'derived_findings', 'skipped_question_ids', 'assumptions_for_prd_generation', 'confidence',
];

const integerLike = z.union([z.number().int(), z.string()]);

/** A question of a batch (aliases `question_id`, `prompt`, `choices`, … stay as keys for the check). */
export const interviewBatchQuestionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  question: z.string().optional(),
  phase: z.string().optional(),
  priority: z.string().optional(),
  rationale: z.string().optional(),
  answer_type: z.string().optional(),
  options: z.array(z.unknown()).optional(),
});

/** An interview turn as the model writes it: batch fields, or a final document (`questions`/`answers`, `summary`, …). */
export const interviewTurnSchema = z.looseObject({
  kind: z.enum(['batch', 'complete']).optional(),
  batch_number: integerLike.optional(),
  progress: z.looseObject({ current: integerLike.optional(), total: integerLike.optional() }).optional(),
  is_final_free_form: z.union([z.boolean(), z.string()]).optional(),
  ai_commentary: z.string().optional(),
  questions: z.array(interviewBatchQuestionSchema).optional(),
  answers: z.array(z.unknown()).optional(),
  summary: z.unknown().optional(),
});

export type InterviewTurn = z.infer<typeof interviewTurnSchema>;

type Refused = { issue: string };
const refused = (value: object): value is Refused => 'issue' in value && typeof (value as Refused).issue === 'string';

/** One batch question: id and text required, phase Title-cased when known, priority lowercased when known. */
function batchQuestion(value: unknown, index: number, notes: CheckNote[]): Record<string, unknown> | Refused {
  if (!isRecord(value)) return { issue: `Interview batch question at index ${index} is not an object` };
  const id = readText(value, ['id', 'question_id']);
  if (id === undefined) return { issue: `Interview batch output is missing question id at index ${index}` };
  const question = readText(value, ['question', 'prompt', 'text']);
  if (question === undefined) return { issue: `Interview batch output is missing question text at index ${index}` };
  const phase = titlePhase(text(readAlias(value, PHASE_KEYS)));
  const rawPriority = text(readAlias(value, ['priority']));
  const priority = rawPriority !== undefined && PRIORITIES.includes(rawPriority.toLowerCase()) ? rawPriority.toLowerCase() : rawPriority;
  const rationale = text(readAlias(value, ['rationale', 'reason']));
  const shape: AnswerShape = answerShape(value, `Interview batch question ${id}`, notes, ['questions', index]);
  return { id, question, ...(phase !== undefined && { phase }), ...(priority !== undefined && { priority }), ...(rationale !== undefined && { rationale }), ...shape };
}

function readBatch(doc: Record<string, unknown>, notes: CheckNote[]): Record<string, unknown> | Refused {
  const rawQuestions = readAlias(doc, ['questions', 'next_questions']);
  if (!Array.isArray(rawQuestions) || rawQuestions.length === 0) return { issue: 'Interview batch output is missing questions' };
  const progress = readAlias(doc, ['progress']);
  const current = isRecord(progress) ? toInteger(readAlias(progress, ['current'])) : null;
  const total = isRecord(progress) ? toInteger(readAlias(progress, ['total'])) : null;
  const batchNumber = toInteger(readAlias(doc, ['batch_number']));
  if (batchNumber === null || batchNumber < 1) return { issue: 'Interview batch output is missing a valid batch_number' };
  if (current === null || current < 0) return { issue: 'Interview batch output is missing progress.current' };
  if (total === null || total < current) return { issue: 'Interview batch output is missing a valid progress.total' };
  const questions: Record<string, unknown>[] = [];
  for (const [index, raw] of rawQuestions.entries()) {
    const question = batchQuestion(raw, index, notes);
    if (refused(question)) return question;
    questions.push(question);
  }
  return {
    kind: 'batch',
    batch_number: batchNumber,
    progress: { current, total },
    is_final_free_form: toBoolean(readAlias(doc, ['is_final_free_form'])) ?? false,
    ai_commentary: text(readAlias(doc, ['ai_commentary', 'commentary', 'notes'])) ?? '',
    questions: questions.slice(0, MAX_BATCH_QUESTIONS),
  };
}

/** String items of a summary list (anything else is dropped, as LoopTroop rebuilds the summary). */
function summaryItems(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : [])) : [];
}

/**
 * The final document: kept as written, but its `summary` read the way
 * LoopTroop takes it over, by the exact keys `goals`, `constraints`,
 * `non_goals` (string items) and `final_free_form_answer`; a summary that is
 * not an object is emptied.
 */
function readComplete(doc: Record<string, unknown>): Record<string, unknown> {
  const raw = isRecord(doc['summary']) ? doc['summary'] : {};
  const answer = raw['final_free_form_answer'];
  const summary = {
    goals: summaryItems(raw['goals']),
    constraints: summaryItems(raw['constraints']),
    non_goals: summaryItems(raw['non_goals']),
    ...(typeof answer === 'string' && { final_free_form_answer: answer }),
  };
  return { ...doc, kind: 'complete', summary };
}

/** Which of the two a document is (see the module comment). */
function kindOf(doc: Record<string, unknown>): 'batch' | 'complete' {
  if (doc['kind'] === 'batch' || doc['kind'] === 'complete') return doc['kind'];
  if (hasAlias(doc, BATCH_KEYS) && !hasAlias(doc, FINAL_KEYS)) return 'batch';
  const listed = Array.isArray(readAlias(doc, ['questions'])) || Array.isArray(readAlias(doc, ['answers']));
  return listed || hasAlias(doc, FINAL_KEYS) ? 'complete' : 'batch';
}

const turnCheck: ContractCheck<InterviewTurn> = {
  name: 'interview turn',
  run(value) {
    const notes: CheckNote[] = [];
    if (kindOf(value) === 'complete') {
      if (!Array.isArray(value.questions) && !Array.isArray(value.answers)) return { issues: ['Interview complete output is missing questions or answers'] };
      return { value: readComplete(value) as InterviewTurn };
    }
    const batch = readBatch(value, notes);
    return refused(batch) ? { issues: [batch.issue] } : { value: batch as InterviewTurn, notes };
  },
};

/**
 * An interview turn. A batch comes out as `{ kind: 'batch', batch_number,
 * progress: { current, total }, is_final_free_form, ai_commentary, questions }`
 * (at most 3 questions; ids kept verbatim; `answer_type`/`options` only for
 * choices); a completion as the final document with `kind: 'complete'` and
 * its `summary` as LoopTroop reads it.
 *
 * @example
 * safeParse('<INTERVIEW_BATCH>\nbatch_number: 1\nprogress: {current: 0, total: 4}\nquestions:\n  - id: FU3\n    prompt: Need SSO?\n    type: yes_no\n</INTERVIEW_BATCH>', interviewTurn).data
 * // { kind: 'batch', batch_number: 1, progress: { current: 0, total: 4 }, is_final_free_form: false, ai_commentary: '',
 * //   questions: [{ id: 'FU3', question: 'Need SSO?', answer_type: 'single_choice', options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }] }] }
 */
export const interviewTurn = defineLoopTroopContract({
  name: 'looptroop.interview-turn',
  schema: interviewTurnSchema,
  tags: ['INTERVIEW_COMPLETE', 'INTERVIEW_BATCH'],
  // LoopTroop's generic wrappers, recorded like its wrapper-key warning.
  wrappers: ['interview_batch', 'batch', 'payload', 'interview_complete', 'interview', 'result', 'output', 'data'],
  replaceDefaultWrappers: true,
  genericWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  checks: [turnCheck],
});
