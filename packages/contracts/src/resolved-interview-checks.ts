/**
 * The resolved interview (Full Answers, spec §6) against the approved
 * interview: the model may only answer the questions the user skipped.
 * Everything else (order, question metadata, answered questions,
 * follow-up rounds, summary, ticket id) is restored from the approved
 * document, and each restoration is a note; an id set that differs, a
 * skipped question left unanswered, an AI answer without `answered_at` or a
 * choice that names no canonical option refuses.
 */
import { safeParse, type CheckNote, type ContractCheck } from '@airlock/core';
import { interviewDocument } from './interview-document.js';
import {
  shapeAnswer,
  shapeInterviewDocument,
  syncFinalFreeForm,
  type InterviewDocument,
  type InterviewDocumentQuestion,
  type Shaped,
  type WireAnswer,
  type WireDocument,
  type WireQuestion,
} from './interview-document-shape.js';
import { resolveChoice } from './resolved-interview-choices.js';

const FROM_APPROVED = 'to match the approved Interview Results artifact.';
const METADATA_KEYS = ['phase', 'prompt', 'source', 'follow_up_round', 'answer_type', 'options'] as const;
const ANSWER_KEYS = ['skipped', 'selected_option_ids', 'free_text'] as const;

function same<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameMetadata(a: InterviewDocumentQuestion, b: InterviewDocumentQuestion): boolean {
  return a.id === b.id && a.phase === b.phase && a.prompt === b.prompt && a.source === b.source && a.follow_up_round === b.follow_up_round && a.answer_type === b.answer_type && same(a.options, b.options);
}

/** The draft every Full Answers becomes: approved content, no approval, the member as winner model. */
function asFullAnswers(canonical: InterviewDocument, generatedBy: InterviewDocument['generated_by'], memberId: string | undefined, questions: InterviewDocumentQuestion[]): InterviewDocument {
  return syncFinalFreeForm({
    ...canonical,
    status: 'draft',
    generated_by: { ...generatedBy, ...(memberId ? { winner_model: memberId } : {}), canonicalization: 'server_normalized' },
    questions,
    approval: { approved_by: '', approved_at: '' },
  });
}

/**
 * Answer-only question blocks laid over the approved interview, or undefined
 * when the blocks carry question metadata or their ids are not exactly the
 * approved ones. Answer fields beside `answer` move into it.
 */
export function overlayAnswers(wire: WireDocument, canonical: InterviewDocument, memberId: string | undefined): Shaped<InterviewDocument> | undefined {
  if (wire.questions.some((q) => METADATA_KEYS.some((key) => q[key] !== undefined))) return undefined;
  const ids = wire.questions.map((q) => q.id);
  const canonicalIds = canonical.questions.map((q) => q.id);
  if (ids.length !== canonicalIds.length || new Set(ids).size !== ids.length || canonicalIds.some((id) => !ids.includes(id))) return undefined;
  const notes: CheckNote[] = [{ rule: 'check_restored', message: 'Recovered Full Answers answer-only question blocks using canonical question metadata.' }];
  const byId = new Map(wire.questions.map((q) => [q.id, q] as const));
  const questions = canonical.questions.map((question) => {
    const block = byId.get(question.id) as WireQuestion;
    const answer: WireAnswer = { ...block.answer };
    for (const key of ['answered_by', 'answered_at'] as const) {
      if (block[key] !== undefined && answer[key] === undefined) {
        answer[key] = block[key];
        notes.push({ rule: 'check_canonicalized', message: `Hoisted ${key} into answer for canonical question ${question.id}.` });
      }
    }
    for (const key of ANSWER_KEYS) if (block[key] !== undefined && answer[key] === undefined) (answer as Record<string, unknown>)[key] = block[key];
    return { ...question, answer: shapeAnswer(answer, question.answer_type, question.id, notes) };
  });
  const own = wire.generated_by;
  let generatedBy = canonical.generated_by;
  if (own !== undefined) {
    if (own.winner_model?.trim() && own.generated_at?.trim()) generatedBy = { winner_model: own.winner_model.trim(), generated_at: own.generated_at.trim(), ...(own.canonicalization ? { canonicalization: own.canonicalization } : {}) };
    else notes.push({ rule: 'check_dropped', message: 'Ignored incomplete generated_by in answer-only Full Answers artifact.' });
  }
  return { ok: true, value: asFullAnswers(canonical, generatedBy, memberId, questions), notes };
}

function idMismatch(canonicalIds: string[], ids: string[]): string | undefined {
  const missing = canonicalIds.filter((id) => !ids.includes(id));
  const unexpected = ids.filter((id) => !canonicalIds.includes(id));
  const duplicates = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  const details = [
    missing.length > 0 ? `missing canonical ids: ${missing.join(', ')}` : '',
    unexpected.length > 0 ? `unexpected ids: ${unexpected.join(', ')}` : '',
    duplicates.length > 0 ? `duplicate candidate ids: ${duplicates.join(', ')}` : '',
  ].filter(Boolean);
  if (ids.length !== canonicalIds.length) return `Resolved interview must preserve all ${canonicalIds.length} canonical questions${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
  if (missing.length > 0 || unexpected.length > 0) return `Resolved interview must preserve canonical question ids (${details.join('; ')})`;
  return undefined;
}

/** One canonical question with the candidate's answer, where the user skipped it. */
function resolveQuestion(canonical: InterviewDocumentQuestion, candidate: InterviewDocumentQuestion, notes: CheckNote[]): InterviewDocumentQuestion | string {
  if (!sameMetadata(candidate, canonical)) notes.push({ rule: 'check_restored', message: `Canonicalized metadata for canonical question ${canonical.id}.` });
  if (!canonical.answer.skipped) {
    if (!same(candidate.answer, canonical.answer)) notes.push({ rule: 'check_restored', message: `Restored answered canonical question ${canonical.id} from the approved Interview Results artifact.` });
    return canonical;
  }
  const answer = candidate.answer;
  const hasContent = answer.free_text.trim().length > 0 || answer.selected_option_ids.length > 0;
  // An empty final free-form answer with a time is an explicit "nothing to add".
  const emptyFinal = canonical.source === 'final_free_form' && canonical.answer_type === 'free_text' && !answer.skipped && !hasContent && answer.answered_at.trim().length > 0;
  if (answer.skipped || (!hasContent && !emptyFinal)) return `Resolved interview left skipped question unanswered: ${canonical.id}`;
  if (answer.answered_at.trim().length === 0) return `Resolved interview is missing answered_at for AI-filled question ${canonical.id}`;
  if (answer.answered_by !== 'ai_skip') notes.push({ rule: 'check_canonicalized', message: `Canonicalized answered_by to ai_skip for AI-filled question ${canonical.id}.` });
  if (emptyFinal) notes.push({ rule: 'check_canonicalized', message: `Accepted empty final_free_form answer as an explicit no-additions response for AI-filled question ${canonical.id}.` });
  let selected: string[] = [];
  if (canonical.answer_type !== 'free_text') {
    const choice = resolveChoice(canonical, candidate);
    if (!choice.ok) return choice.issue;
    if (answer.selected_option_ids.length === 0) notes.push({ rule: 'check_canonicalized', message: `Mapped free_text to canonical option ids for AI-filled question ${canonical.id}.` });
    else if (choice.remapped) notes.push({ rule: 'check_canonicalized', message: `Mapped selected option ids to canonical option ids for AI-filled question ${canonical.id}.` });
    selected = choice.ids;
  }
  return { ...canonical, answer: { skipped: false, selected_option_ids: selected, free_text: answer.free_text, answered_by: 'ai_skip', answered_at: answer.answered_at } };
}

/**
 * The candidate document resolved against the approved one.
 *
 * @example
 * resolveInterview(candidate, approved, 'openai/gpt-5') // { ok: true, value: { status: 'draft', … }, notes: [...] }
 */
export function resolveInterview(candidate: InterviewDocument, canonical: InterviewDocument, memberId: string | undefined): Shaped<InterviewDocument> {
  const notes: CheckNote[] = [];
  const canonicalIds = canonical.questions.map((q) => q.id);
  const ids = candidate.questions.map((q) => q.id);
  const mismatch = idMismatch(canonicalIds, ids);
  if (mismatch !== undefined) return { ok: false, issues: [mismatch] };
  if (ids.some((id, index) => id !== canonicalIds[index])) notes.push({ rule: 'check_canonicalized', message: `Canonicalized question order ${FROM_APPROVED}` });
  const byId = new Map(candidate.questions.map((q) => [q.id, q] as const));
  const questions: InterviewDocumentQuestion[] = [];
  for (const question of canonical.questions) {
    const resolved = resolveQuestion(question, byId.get(question.id)!, notes);
    if (typeof resolved === 'string') return { ok: false, issues: [resolved] };
    questions.push(resolved);
  }
  const document = asFullAnswers(canonical, candidate.generated_by, memberId, questions);
  if (!same(candidate.follow_up_rounds, canonical.follow_up_rounds)) notes.push({ rule: 'check_restored', message: `Canonicalized follow_up_rounds ${FROM_APPROVED}`, path: ['follow_up_rounds'] });
  // Compared with the summary the result carries (its final free-form answer follows the questions), so a result read again is unchanged.
  if (!same(candidate.summary, document.summary)) notes.push({ rule: 'check_restored', message: `Canonicalized summary ${FROM_APPROVED}`, path: ['summary'] });
  if (candidate.ticket_id !== canonical.ticket_id) notes.push({ rule: 'check_canonicalized', message: `Canonicalized ticket_id from "${candidate.ticket_id}" to "${canonical.ticket_id}".`, path: ['ticket_id'] });
  if (candidate.status !== 'draft') notes.push({ rule: 'check_canonicalized', message: `Canonicalized resolved interview status from "${candidate.status}" to "draft".`, path: ['status'] });
  if (candidate.approval.approved_by || candidate.approval.approved_at) notes.push({ rule: 'check_canonicalized', message: 'Cleared approval fields for the AI-generated Full Answers artifact.', path: ['approval'] });
  if (memberId && candidate.generated_by.winner_model !== memberId) {
    notes.push({ rule: 'check_canonicalized', message: `Canonicalized generated_by.winner_model from "${candidate.generated_by.winner_model}" to "${memberId}".`, path: ['generated_by', 'winner_model'] });
  }
  return { ok: true, value: document, notes };
}

/** The approved interview from the context (its YAML text, or the document itself). */
function approvedInterview(context: Readonly<Record<string, unknown>>): Shaped<InterviewDocument> {
  const reference = context['interview'];
  const text = typeof reference === 'string' ? reference : JSON.stringify(reference);
  const ticketId = context['ticket_id'];
  const parsed = safeParse(text, interviewDocument, typeof ticketId === 'string' ? { context: { ticket_id: ticketId } } : {});
  if (!parsed.success) {
    const first = parsed.validationErrors?.[0];
    const reason = first !== undefined ? `${first.path}: ${first.message}` : (parsed.extractionError ?? parsed.failure);
    return { ok: false, issues: [`Canonical interview artifact is invalid: ${reason}`] };
  }
  return { ok: true, value: parsed.data as unknown as InterviewDocument, notes: [] };
}

/**
 * The Full Answers check: a whole document, or else answer-only blocks,
 * resolved against `context.interview` (the approved interview's text);
 * `context.member_id` becomes `generated_by.winner_model`.
 */
export const resolvedInterviewCheck: ContractCheck<WireDocument> = {
  name: 'resolved interview',
  needs: ['interview'],
  run(wire, context) {
    const approved = approvedInterview(context);
    if (!approved.ok) return { issues: approved.issues };
    const memberId = typeof context['member_id'] === 'string' && context['member_id'].length > 0 ? context['member_id'] : undefined;
    const ticketId = typeof context['ticket_id'] === 'string' ? context['ticket_id'] : undefined;
    let candidate = shapeInterviewDocument(wire, ticketId);
    if (!candidate.ok) candidate = overlayAnswers(wire, approved.value, memberId) ?? candidate;
    if (!candidate.ok) return { issues: candidate.issues };
    const resolved = resolveInterview(candidate.value, approved.value, memberId);
    if (!resolved.ok) return { issues: resolved.issues };
    return { value: resolved.value as WireDocument, notes: [...candidate.notes, ...resolved.notes] };
  },
};
