/**
 * From the validated wire form of an interview document to LoopTroop's
 * domain value (spec §5). LoopTroop fills most defaults and maps most
 * spellings without a word (phase case, question source, option ids, answer
 * fields, summary lists), so those happen here without a note; the repairs
 * it reports (yes/no answer types, selections a question type cannot hold,
 * duplicate ids, a status or artifact it rewrote, a ticket id taken from the
 * runtime) become notes. Shared by the interview document and the resolved
 * interview (Full Answers).
 */
import type { CheckNote } from '@airlock/core';
import { INTERVIEW_PHASES } from './interview.js';

/** How a question is answered. */
export type AnswerType = 'free_text' | 'single_choice' | 'multiple_choice';
/** Where a question came from. */
export type QuestionSource = 'compiled' | 'prompt_follow_up' | 'coverage_follow_up' | 'final_free_form';

export interface InterviewOption {
  id: string;
  label: string;
}

export interface InterviewAnswer {
  skipped: boolean;
  selected_option_ids: string[];
  free_text: string;
  answered_by: 'user' | 'ai_skip';
  answered_at: string;
}

export interface InterviewDocumentQuestion {
  id: string;
  phase: string;
  prompt: string;
  source: QuestionSource;
  follow_up_round: number | null;
  answer_type: AnswerType;
  options: InterviewOption[];
  answer: InterviewAnswer;
}

export interface InterviewSummary {
  goals: string[];
  constraints: string[];
  non_goals: string[];
  final_free_form_answer: string;
}

export interface InterviewGeneratedBy {
  winner_model: string;
  generated_at: string;
  canonicalization?: string;
}

/** The interview document as LoopTroop stores it (`interview.yaml`). */
export interface InterviewDocument {
  schema_version: number;
  ticket_id: string;
  artifact: 'interview';
  status: 'draft' | 'approved';
  generated_by: InterviewGeneratedBy;
  questions: InterviewDocumentQuestion[];
  follow_up_rounds: { round_number: number; source: 'prom4' | 'coverage'; question_ids: string[] }[];
  summary: InterviewSummary;
  approval: { approved_by: string; approved_at: string };
}

/** An answer as the wire carries it: every field optional. */
export interface WireAnswer {
  skipped?: boolean | undefined;
  selected_option_ids?: string[] | undefined;
  free_text?: string | undefined;
  answered_by?: string | undefined;
  answered_at?: string | undefined;
}

/** A question as the wire carries it (the resolved interview also allows answer fields beside `answer`). */
export interface WireQuestion extends WireAnswer {
  id: string;
  phase?: string | undefined;
  prompt?: string | undefined;
  source?: string | undefined;
  follow_up_round?: number | null | undefined;
  answer_type?: string | undefined;
  options?: { id?: string | undefined; label?: string | undefined }[] | undefined;
  answer?: WireAnswer | undefined;
}

/** The document as the wire carries it, after Zod validation. */
export interface WireDocument {
  schema_version?: number | undefined;
  ticket_id?: string | undefined;
  artifact?: string | undefined;
  status?: string | undefined;
  generated_by?: { winner_model?: string | undefined; generated_at?: string | undefined; canonicalization?: string | undefined } | undefined;
  questions: WireQuestion[];
  follow_up_rounds?: { round_number: number; source?: 'prom4' | 'coverage' | undefined; question_ids?: string[] | undefined }[] | undefined;
  summary?: { goals?: string[] | undefined; constraints?: string[] | undefined; non_goals?: string[] | undefined; final_free_form_answer?: string | undefined } | null | undefined;
  approval?: { approved_by?: string | undefined; approved_at?: string | undefined } | undefined;
}

/** A shaping result: the value and its notes, or the reasons it is refused. */
export type Shaped<T> = { ok: true; value: T; notes: CheckNote[] } | { ok: false; issues: string[] };

/** LoopTroop compares enum-like words lowercased, letters and digits only. */
export function looseKey(value: string | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

const PHASE_TITLES: ReadonlyMap<string, string> = new Map(INTERVIEW_PHASES.map((p) => [p, p[0]!.toUpperCase() + p.slice(1)]));

/** Known phases become Title case; others are kept, trimmed. */
function phaseLabel(value: string): string {
  return PHASE_TITLES.get(looseKey(value)) ?? value.trim();
}

const SOURCES: ReadonlyMap<string, QuestionSource> = new Map([
  ['compiled', 'compiled'],
  ['promptfollowup', 'prompt_follow_up'],
  ['coveragefollowup', 'coverage_follow_up'],
  ['finalfreeform', 'final_free_form'],
]);

const ANSWER_TYPES: ReadonlyMap<string, AnswerType | 'yes_no'> = new Map([
  ['', 'free_text'],
  ['freetext', 'free_text'],
  ['text', 'free_text'],
  ['singlechoice', 'single_choice'],
  ['radio', 'single_choice'],
  ['multiplechoice', 'multiple_choice'],
  ['multichoice', 'multiple_choice'],
  ['checkbox', 'multiple_choice'],
  ['yesno', 'yes_no'],
  ['boolean', 'yes_no'],
  ['bool', 'yes_no'],
]);

const YES_NO: readonly InterviewOption[] = [
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
];

/** Trimmed, non-empty strings of a list (LoopTroop's lenient string list). */
export function cleanList(items: readonly string[] | undefined): string[] {
  return (items ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
}

function note(rule: CheckNote['rule'], message: string, path?: CheckNote['path']): CheckNote {
  return path === undefined ? { rule, message } : { rule, message, path };
}

/**
 * An answer record read for a question type: selections deduplicated, cleared
 * for free text and cut to one for single choice (both reported); `skipped`
 * defaults to "nothing given", a skipped answer is `ai_skip` with no time.
 */
export function shapeAnswer(answer: WireAnswer, type: AnswerType, id: string, notes: CheckNote[]): InterviewAnswer {
  let selected = [...new Set(answer.selected_option_ids ?? [])];
  if (type === 'free_text' && selected.length > 0) {
    notes.push(note('check_dropped', `Question ${id}: dropped selected_option_ids for free_text answer_type.`));
    selected = [];
  }
  if (type === 'single_choice' && selected.length > 1) {
    notes.push(note('check_dropped', `Question ${id}: kept only the first selected option for single_choice answer_type.`));
    selected = selected.slice(0, 1);
  }
  const freeText = answer.free_text ?? '';
  const skipped = answer.skipped ?? (freeText.trim().length === 0 && selected.length === 0);
  return {
    skipped,
    selected_option_ids: selected,
    free_text: freeText,
    answered_by: skipped || looseKey(answer.answered_by) === 'aiskip' ? 'ai_skip' : 'user',
    answered_at: skipped ? '' : (answer.answered_at?.trim() ?? ''),
  };
}

function shapeOptions(options: WireQuestion['options']): InterviewOption[] {
  const out: InterviewOption[] = [];
  (options ?? []).forEach((option, index) => {
    const label = option.label?.trim() ?? '';
    if (label.length === 0) return;
    out.push({ id: option.id?.trim() || `opt${index + 1}`, label });
  });
  return out;
}

/** The answer type, and the yes/no options it implies; a type LoopTroop does not know is an issue. */
export function resolveAnswerType(raw: string | undefined, id: string, notes: CheckNote[]): { type: AnswerType; implied?: InterviewOption[] } | string {
  const type = ANSWER_TYPES.get(looseKey(raw));
  if (type === undefined) return `Question ${id}: unsupported answer_type "${raw}"`;
  if (type !== 'yes_no') return { type };
  notes.push(note('check_canonicalized', `Question ${id}: normalized yes/no answer_type to single_choice with Yes/No options.`));
  return { type: 'single_choice', implied: YES_NO.map((o) => ({ ...o })) };
}

function shapeQuestion(q: WireQuestion, index: number, notes: CheckNote[], issues: string[]): InterviewDocumentQuestion | undefined {
  const missing = (['prompt', 'phase'] as const).filter((key) => (q[key] ?? '').trim().length === 0);
  if (missing.length > 0) {
    issues.push(...missing.map((key) => `questions[${index}].${key} is required`));
    return undefined;
  }
  if (q.answer === undefined) {
    issues.push(`Question ${q.id} is missing answer`);
    return undefined;
  }
  const answerType = resolveAnswerType(q.answer_type, q.id, notes);
  if (typeof answerType === 'string') {
    issues.push(answerType);
    return undefined;
  }
  const options = answerType.implied ?? shapeOptions(q.options);
  if (answerType.type !== 'free_text' && options.length === 0) {
    issues.push(`Question ${q.id} requires options for answer_type ${answerType.type}`);
    return undefined;
  }
  return {
    id: q.id,
    phase: phaseLabel(q.phase!),
    prompt: q.prompt!,
    source: SOURCES.get(looseKey(q.source)) ?? 'compiled',
    follow_up_round: q.follow_up_round ?? null,
    answer_type: answerType.type,
    options,
    answer: shapeAnswer(q.answer, answerType.type, q.id, notes),
  };
}

/** Duplicate ids become `Q<max+1>`, the maximum read from the digits of every id. */
function renumberDuplicates(questions: InterviewDocumentQuestion[], notes: CheckNote[]): void {
  let next = Math.max(0, ...questions.map((q) => Number(/q?(\d+)/i.exec(q.id)?.[1] ?? 0))) + 1;
  const seen = new Set<string>();
  questions.forEach((q, index) => {
    if (seen.has(q.id)) {
      const id = `Q${String(next++).padStart(2, '0')}`;
      notes.push(note('check_canonicalized', `Renumbered duplicate question id "${q.id}" to "${id}".`, ['questions', index, 'id']));
      q.id = id;
    }
    seen.add(q.id);
  });
}

function shapeSummary(summary: WireDocument['summary']): InterviewSummary {
  const record = summary ?? {};
  return {
    goals: cleanList(record.goals),
    constraints: cleanList(record.constraints),
    non_goals: cleanList(record.non_goals),
    final_free_form_answer: record.final_free_form_answer ?? '',
  };
}

/** The final free-form question's answer is the summary's `final_free_form_answer`. */
export function syncFinalFreeForm(document: InterviewDocument): InterviewDocument {
  const last = document.questions.find((q) => q.source === 'final_free_form');
  if (last === undefined) return document;
  return { ...document, summary: { ...document.summary, final_free_form_answer: last.answer.skipped ? '' : last.answer.free_text } };
}

/**
 * The domain value of a validated wire document, or why it is refused.
 * `runtimeTicketId` fills a missing `ticket_id` (reported).
 *
 * @example
 * shapeInterviewDocument(wire, 'T-1') // { ok: true, value: { schema_version: 1, ticket_id: 'T-1', … }, notes: [] }
 */
export function shapeInterviewDocument(wire: WireDocument, runtimeTicketId?: string): Shaped<InterviewDocument> {
  const notes: CheckNote[] = [];
  const issues: string[] = [];
  const ownTicket = wire.ticket_id?.trim() || undefined;
  const ticketId = ownTicket ?? runtimeTicketId;
  if (ticketId === undefined || ticketId.length === 0) issues.push('Interview document is missing ticket_id');
  else if (ownTicket === undefined) notes.push(note('check_restored', 'Filled missing ticket_id from runtime context.', ['ticket_id']));
  const artifact = wire.artifact ?? 'interview';
  if (artifact !== 'interview') notes.push(note('check_canonicalized', `Normalized artifact "${artifact}" to "interview".`, ['artifact']));
  const rawStatus = wire.status ?? 'draft';
  const status = looseKey(rawStatus) === 'approved' ? 'approved' : 'draft';
  if (rawStatus !== status) notes.push(note('check_canonicalized', `Normalized status "${rawStatus}" to "${status}".`, ['status']));
  const winner = wire.generated_by?.winner_model?.trim() ?? '';
  const generatedAt = wire.generated_by?.generated_at?.trim() ?? '';
  if (winner.length === 0) issues.push('generated_by.winner_model is required');
  if (generatedAt.length === 0) issues.push('generated_by.generated_at is required');
  const questions = wire.questions.map((q, index) => shapeQuestion(q, index, notes, issues));
  const rounds = (wire.follow_up_rounds ?? []).map((round) => ({ round_number: round.round_number, source: round.source ?? 'prom4', question_ids: [...new Set(round.question_ids ?? [])] }));
  if (issues.length > 0) return { ok: false, issues };
  const shaped = questions as InterviewDocumentQuestion[];
  renumberDuplicates(shaped, notes);
  const canonicalization = wire.generated_by?.canonicalization?.trim();
  const document: InterviewDocument = {
    schema_version: wire.schema_version ?? 1,
    ticket_id: ticketId!,
    artifact: 'interview',
    status,
    generated_by: { winner_model: winner, generated_at: generatedAt, ...(canonicalization ? { canonicalization } : {}) },
    questions: shaped,
    follow_up_rounds: rounds,
    summary: shapeSummary(wire.summary),
    approval: { approved_by: wire.approval?.approved_by?.trim() ?? '', approved_at: wire.approval?.approved_at?.trim() ?? '' },
  };
  return { ok: true, value: syncFinalFreeForm(document), notes };
}
