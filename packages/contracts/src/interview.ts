/**
 * Interview question lists (spec §2): the PROM1 draft (`interview_questions`,
 * LoopTroop's normalizeInterviewQuestionsOutput) and the plain list reader
 * (`interview_questions_list`, its parseInterviewQuestions).
 *
 * LoopTroop reads these lists loosely and without reporting it: collection
 * aliases (`question_list`, `interview_questions`, `items`, a map keyed by id,
 * nested one level down), field aliases (`category`, `prompt`, …) and ids
 * (`Q1`, `FU7` → `Q01`, `Q07`; missing → the position). So the schemas keep the
 * model's keys (loose objects) and a check reads them the way LoopTroop does,
 * recording only what LoopTroop reports (duplicate ids renumbered, phase
 * reordering). One malformed entry refuses the whole list.
 */
import type { ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { normalizeDraft, readQuestionList } from './interview-question-reading.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

export { INTERVIEW_PHASES, ORDER_BY_PHASE, type InterviewPhase } from './interview-phases.js';

/** LoopTroop's cap on a PROM1 draft when the caller gives none (`max_initial_questions`). */
export const DEFAULT_MAX_QUESTIONS = 50;

/** A known phase in any case: the draft refuses any other. */
const knownPhase = z.string().regex(/^\s*(foundation|structure|assembly)\s*$/i);

/** One question of a PROM1 draft as the model writes it; aliases (`category`, `prompt`, `qid`, …) stay as keys for the check. */
export const interviewQuestionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  phase: knownPhase.optional(),
  question: z.string().optional(),
});

/** A question list: a list (items may be `[Phase] Q3: text` strings) or a map keyed by id. */
function questionCollection<Q extends z.ZodType>(question: Q) {
  return z.union([z.array(z.union([question, z.string()])), z.record(z.string(), z.unknown())]);
}

/** A PROM1 draft. Other roots (`question_list`, `items`, a wrapper around them) are searched by the check. */
export const interviewQuestionsSchema = z.looseObject({ questions: questionCollection(interviewQuestionSchema).optional() });

export type InterviewQuestions = z.infer<typeof interviewQuestionsSchema>;

/** The draft cap from the context (`max_questions`); 0 turns it off. */
function maxQuestionsOf(context: Readonly<Record<string, unknown>>): number {
  const max = context['max_questions'];
  return typeof max === 'number' && Number.isFinite(max) ? max : DEFAULT_MAX_QUESTIONS;
}

const draftCheck: ContractCheck<InterviewQuestions> = {
  name: 'interview draft questions',
  run(value, context) {
    const listed = readQuestionList(value, false);
    if (!listed.ok) return { issues: [listed.issue] };
    const draft = normalizeDraft(listed.value, maxQuestionsOf(context));
    if (!draft.ok) return { issues: [draft.issue] };
    return { value: { questions: draft.value.questions }, notes: draft.value.notes };
  },
};

/**
 * The PROM1 interview draft: `questions: [{id, phase, question}]`, ids as
 * `Q##`, phases lowercase and in order, at most `context.max_questions`
 * (default 50) questions.
 *
 * @example
 * safeParse('questions:\n  - id: 3\n    category: Structure\n    prompt: Which IdP?\n  - qid: q1\n    phase: foundation\n    question: Who signs in?', interviewQuestions).data
 * // { questions: [{ id: 'Q01', phase: 'foundation', question: 'Who signs in?' }, { id: 'Q03', phase: 'structure', question: 'Which IdP?' }] }
 * // (one intervention: the phase reordering)
 */
export const interviewQuestions = defineLoopTroopContract({
  name: 'looptroop.interview-questions',
  schema: interviewQuestionsSchema,
  // LoopTroop searches wrappers silently (see readQuestionList): the engine unwraps none.
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  checks: [draftCheck],
});

/** One question of a plain list: any phase (unknown ones are kept as written). */
const listedQuestionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  phase: z.string().optional(),
  question: z.string().optional(),
});

/** A plain question list: a document holding one, or (with `allow_top_level_array`) the list itself. */
export const interviewQuestionsListSchema = z.union([
  z.looseObject({ questions: questionCollection(listedQuestionSchema).optional() }),
  z.array(z.union([listedQuestionSchema, z.string()])),
]);

export type InterviewQuestionsList = z.infer<typeof interviewQuestionsListSchema>;

const listCheck: ContractCheck<InterviewQuestionsList> = {
  name: 'interview question list',
  run(value, context) {
    const listed = readQuestionList(value, context['allow_top_level_array'] === true);
    return listed.ok ? { value: { questions: listed.value } } : { issues: [listed.issue] };
  },
};

/**
 * A plain interview question list (LoopTroop's shared question parser, used
 * for previews and by the other interview artifacts): known phases
 * Title-cased, other phases kept, ids as `Q##` (no duplicate repair), order
 * kept. A top-level list is read only with `context.allow_top_level_array`.
 * Always `{ questions }`, so a result reads back as it is.
 *
 * @example
 * safeParse('items:\n  q2: "[Assembly] How is it checked?"', interviewQuestionsList).data
 * // { questions: [{ id: 'Q02', phase: 'Assembly', question: 'How is it checked?' }] }
 */
export const interviewQuestionsList = defineLoopTroopContract({
  name: 'looptroop.interview-questions-list',
  schema: interviewQuestionsListSchema,
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  checks: [listCheck],
});
