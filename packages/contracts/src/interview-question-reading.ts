/**
 * How LoopTroop reads an interview question list (its shared question parser,
 * then the PROM1 draft normalization), as plain functions the interview
 * contracts' checks call. Reading is silent where LoopTroop's is: collection
 * aliases, a map keyed by id, id/phase/text aliases, `Q7` → `Q07`, missing
 * ids from the position. The draft normalization reports what LoopTroop
 * reports: renumbered duplicate ids and the phase reordering.
 */
import type { CheckNote } from '@airlock/core';
import { INTERVIEW_PHASES, type InterviewPhase } from './interview-phases.js';
import { isRecord, normKey, readText } from './interview-fields.js';

/** One question as the list reader leaves it: phase Title-cased when known, else as written. */
export type ListedQuestion = {
  id: string;
  phase: string;
  question: string;
};

/** One question of a PROM1 draft: a known phase, lowercase. */
export type DraftQuestion = {
  id: string;
  phase: InterviewPhase;
  question: string;
};

export type Read<T> = { ok: true; value: T } | { ok: false; issue: string };

const COLLECTION_KEYS = new Set(['questions', 'questionlist', 'questionitems', 'interviewquestions', 'interviewquestionlist', 'items']);
export const ID_KEYS = ['id', 'question_id', 'qid', 'key'] as const;
export const PHASE_KEYS = ['phase', 'category', 'section', 'stage'] as const;
export const QUESTION_KEYS = ['question', 'prompt', 'text', 'content'] as const;
/** Past this depth the search for a question collection gives up (LoopTroop's limit). */
const MAX_SEARCH_DEPTH = 4;

/** `foundation`/`STRUCTURE ` → `Foundation`/`Structure`; another phase is kept, trimmed. */
export function titlePhase(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const known = knownPhase(trimmed);
  return known === undefined ? trimmed : `${known[0]!.toUpperCase()}${known.slice(1)}`;
}

/** The interview phase a text names (any case, separators ignored), else undefined. */
export function knownPhase(value: string): InterviewPhase | undefined {
  const key = normKey(value);
  return INTERVIEW_PHASES.find((phase) => phase === key);
}

/** An id with digits becomes `Q` + the digits padded to 2 (`FU7` → `Q07`); without digits it is kept; missing → `Q<position>`. */
export function questionId(raw: string | undefined, index: number): string {
  const trimmed = raw?.trim();
  if (!trimmed) return `Q${String(index + 1).padStart(2, '0')}`;
  const digits = /q?(\d+)/i.exec(trimmed)?.[1];
  return digits === undefined ? trimmed : `Q${digits.padStart(2, '0')}`;
}

/** A question text as LoopTroop keeps it: wrapping quotes removed, whitespace runs collapsed. */
function cleanText(raw: string): string {
  let s = raw.trim();
  if (s.length >= 2 && ((s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'")))) s = s.slice(1, -1).trim();
  return s.replace(/\s+/g, ' ').trim();
}

/** `[Structure] Q16: Which parts?` → phase, id and the question. */
function inlineMetadata(raw: string): { id?: string; phase?: string; question: string } {
  let question = raw.trim();
  let phase: string | undefined;
  let id: string | undefined;
  const phaseMatch = /^\[([^\]]+)\]\s*/.exec(question);
  if (phaseMatch?.[1] !== undefined) {
    phase = titlePhase(phaseMatch[1]);
    question = question.slice(phaseMatch[0].length).trim();
  }
  const idMatch = /^(?:question\s*)?(q?\d+)\s*[:.)-]\s*/i.exec(question);
  if (idMatch?.[1] !== undefined) {
    id = questionId(idMatch[1], 0);
    question = question.slice(idMatch[0].length).trim();
  }
  return { ...(id !== undefined && { id }), ...(phase !== undefined && { phase }), question };
}

interface Preview {
  id?: string;
  phase?: string;
  question: string;
}

/** One entry of the collection, or undefined when it holds no question text (a malformed entry). */
function readEntry(entry: unknown, index: number): Preview | undefined {
  if (typeof entry === 'string') {
    const inline = inlineMetadata(entry);
    const question = cleanText(inline.question);
    return question === '' ? undefined : { ...inline, question };
  }
  if (!isRecord(entry)) return undefined;
  const rawId = readText(entry, ID_KEYS);
  const rawQuestion = readText(entry, QUESTION_KEYS);
  if (rawQuestion === undefined) return undefined;
  const inline = inlineMetadata(rawQuestion);
  const phase = titlePhase(readText(entry, PHASE_KEYS)) ?? inline.phase;
  const question = cleanText(inline.question);
  if (question === '') return undefined;
  const id = rawId !== undefined ? questionId(rawId, index) : (inline.id ?? questionId(undefined, index));
  return { id, ...(phase !== undefined && { phase }), question };
}

/** Whether a map entry reads as a question (`Q3: text`, or an object with a question or phase field). */
function looksLikeQuestion(key: string, entry: unknown): boolean {
  if (typeof entry === 'string') return entry.trim() !== '';
  if (!isRecord(entry)) return false;
  return readText(entry, QUESTION_KEYS) !== undefined || readText(entry, PHASE_KEYS) !== undefined || /^q\d+$/i.test(key.trim());
}

/** A map keyed by id as a list (the key is the id unless the entry names one). */
function mapEntries(map: Record<string, unknown>): unknown[] {
  return Object.entries(map).map(([key, entry]) => (typeof entry === 'string' ? { id: key, question: entry } : isRecord(entry) ? { id: readText(entry, ID_KEYS) ?? key, ...entry } : entry));
}

type Found = { list: unknown[] } | { malformed: string[] } | undefined;

/** LoopTroop's search: a collection key (list or map), the root as a map of questions, then one level down, up to depth 4. */
function findCollection(value: unknown, allowTopLevelArray: boolean, depth: number): Found {
  if (depth > MAX_SEARCH_DEPTH) return undefined;
  if (Array.isArray(value)) return allowTopLevelArray ? { list: value } : undefined;
  if (!isRecord(value)) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    if (!COLLECTION_KEYS.has(normKey(key))) continue;
    if (Array.isArray(entry)) return { list: entry };
    if (isRecord(entry) && Object.keys(entry).length > 0) {
      const malformed = Object.entries(entry).filter(([k, e]) => !looksLikeQuestion(k, e)).map(([k]) => k);
      return malformed.length > 0 ? { malformed } : { list: mapEntries(entry) };
    }
  }
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([k, e]) => looksLikeQuestion(k, e))) return { list: mapEntries(value) };
  for (const entry of Object.values(value)) {
    const nested = findCollection(entry, allowTopLevelArray, depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

function malformedIssue(targets: readonly (string | number)[]): string {
  return `Invalid interview questions: structured questions collection contains malformed entries at ${targets.join(', ')}.`;
}

/**
 * The question list of a parsed document, as LoopTroop's shared question
 * parser reads it: every entry needs question text and a phase; one
 * malformed entry refuses the list.
 *
 * @example
 * readQuestionList({ interview_questions: [{ category: 'foundation', prompt: 'Why?' }] }, false)
 * // { ok: true, value: [{ id: 'Q01', phase: 'Foundation', question: 'Why?' }] }
 */
export function readQuestionList(root: unknown, allowTopLevelArray: boolean): Read<ListedQuestion[]> {
  const found = findCollection(root, allowTopLevelArray, 0);
  if (found === undefined) return { ok: false, issue: 'Invalid YAML: could not parse interview questions' };
  if ('malformed' in found) return { ok: false, issue: malformedIssue(found.malformed) };
  const previews = found.list.map(readEntry);
  const malformed = previews.flatMap((p, i) => (p === undefined ? [i + 1] : []));
  if (malformed.length > 0) return { ok: false, issue: malformedIssue(malformed) };
  if (previews.length === 0) return { ok: false, issue: 'Invalid YAML: could not parse interview questions' };
  const value: ListedQuestion[] = [];
  for (const [index, preview] of (previews as Preview[]).entries()) {
    if (preview.phase === undefined) return { ok: false, issue: `Question at index ${index} must include \`phase\`, \`category\`, \`section\`, or \`stage\`.` };
    value.push({ id: questionId(preview.id, index), phase: preview.phase, question: preview.question });
  }
  return { ok: true, value };
}

/**
 * The PROM1 draft normalization over a read list: phases must be known
 * (lowercased), a repeated id takes the number after the list's highest
 * (recorded), more than `maxQuestions` (when positive) refuses, and the list
 * is sorted by phase, stably (recorded when it moves anything).
 *
 * @example
 * normalizeDraft([{ id: 'Q01', phase: 'Structure', question: 'How?' }, { id: 'Q01', phase: 'Foundation', question: 'Why?' }], 0).value
 * // { questions: [{ id: 'Q02', phase: 'foundation', question: 'Why?' }, { id: 'Q01', phase: 'structure', question: 'How?' }], notes: [renumbered, reordered] }
 */
export function normalizeDraft(listed: readonly ListedQuestion[], maxQuestions: number, path: readonly (string | number)[] = ['questions']): Read<{ questions: DraftQuestion[]; notes: CheckNote[] }> {
  const notes: CheckNote[] = [];
  let next = 1 + Math.max(0, ...listed.map((q) => Number(/q?(\d+)/i.exec(q.id)?.[1] ?? 0)));
  const seen = new Set<string>();
  const questions: DraftQuestion[] = [];
  for (const [index, q] of listed.entries()) {
    const phase = knownPhase(q.phase);
    if (phase === undefined) return { ok: false, issue: `Unknown question phase: ${q.phase}` };
    let id = questionId(q.id, index);
    if (seen.has(id)) {
      const renumbered = `Q${String(next++).padStart(2, '0')}`;
      notes.push({ rule: 'check_canonicalized', message: `Renumbered duplicate question id ${id} at index ${index} to ${renumbered}.`, path: [...path, index, 'id'], before: id, after: renumbered });
      id = renumbered;
    }
    seen.add(id);
    questions.push({ id, phase, question: q.question });
  }
  if (maxQuestions > 0 && questions.length > maxQuestions) return { ok: false, issue: `Question count ${questions.length} exceeds max_initial_questions=${maxQuestions}` };
  const sorted = sortByPhase(questions);
  if (sorted.some((q, i) => q !== questions[i])) {
    notes.push({ rule: 'check_canonicalized', message: 'Applied stable interview phase reordering (foundation -> structure -> assembly).', path: [...path] });
  }
  return { ok: true, value: { questions: sorted, notes } };
}

/** Stable sort by interview phase. */
export function sortByPhase<Q extends { phase: InterviewPhase }>(questions: readonly Q[]): Q[] {
  return questions
    .map((q, i) => ({ q, i }))
    .sort((a, b) => INTERVIEW_PHASES.indexOf(a.q.phase) - INTERVIEW_PHASES.indexOf(b.q.phase) || a.i - b.i)
    .map(({ q }) => q);
}
