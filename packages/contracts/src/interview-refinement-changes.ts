/**
 * Reading one interview refinement change (PROM3 `changes[]`) the way
 * LoopTroop does, strictly: a known `type` (`change_type`), `before`/`after`
 * question records or null as the type demands, and an optional inspiration
 * that is resolved, or marked `invalid_unattributed` when malformed (never a
 * refusal). A side may be missing (undefined) for modified/replaced: the
 * accounting in interview-refinement-checks.ts repairs it when it can.
 */
import type { InterviewPhase } from './interview-phases.js';
import { hasAlias, isRecord, readAlias, readText, text } from './interview-fields.js';
import { knownPhase, PHASE_KEYS, QUESTION_KEYS } from './interview-question-reading.js';

export const CHANGE_TYPES = ['modified', 'replaced', 'added', 'removed'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const ATTRIBUTION_STATUSES = ['inspired', 'model_unattributed', 'synthesized_unattributed', 'invalid_unattributed'] as const;
export type AttributionStatus = (typeof ATTRIBUTION_STATUSES)[number];

/** A question record of a change side (also a winner or final question). */
export type ChangeQuestion = { id: string; phase: InterviewPhase; question: string };

/** The question of a losing draft that inspired a change (id and phase when known). */
export type InspirationQuestion = { id?: string; phase?: InterviewPhase; question: string };

/** An inspiration: the losing draft by 0-based position, its member id once resolved, and its question. */
export type Inspiration = { draftIndex: number; memberId: string; question: InspirationQuestion };

/** A change while it is being accounted for; `undefined` sides were left out by the model. */
export type ChangeCandidate = {
  type: ChangeType;
  before: ChangeQuestion | null | undefined;
  after: ChangeQuestion | null | undefined;
  inspiration: Inspiration | null | undefined;
  status: AttributionStatus;
  /** Position in the model's list; -1 for a synthesized change. */
  index: number;
};

/** A losing draft from the context: its member id and, when given, its questions text. */
export type LosingDraft = { memberId: string; content?: string };

/** A refusal with LoopTroop's message. */
export class ChangeRefusal extends Error {}

const KEY_SEP = '\u241f';

/** id + phase + text: the exact record. */
export function questionKey(q: ChangeQuestion): string {
  return `${q.id}${KEY_SEP}${q.phase}${KEY_SEP}${q.question}`;
}

/** id + phase: the record's identity. */
export function identityKey(q: ChangeQuestion): string {
  return `${q.id}${KEY_SEP}${q.phase}`;
}

/** `Q7`, `FU7` → `Q07`; an id without digits is kept. */
export function changeQuestionId(raw: string): string {
  const digits = /q?(\d+)/i.exec(raw.trim())?.[1];
  return digits === undefined ? raw.trim() : `Q${digits.padStart(2, '0')}`;
}

function required(value: Record<string, unknown>, aliases: readonly string[], label: string): string {
  const found = readText(value, aliases);
  if (found === undefined) throw new ChangeRefusal(`${label} is required`);
  return found;
}

function sideQuestion(value: unknown, label: string): ChangeQuestion {
  if (!isRecord(value)) throw new ChangeRefusal(`${label} must be an object`);
  const id = changeQuestionId(required(value, ['id'], `${label} id`));
  const rawPhase = required(value, PHASE_KEYS, `${label} phase`);
  const phase = knownPhase(rawPhase);
  if (phase === undefined) throw new ChangeRefusal(`Unknown question phase: ${rawPhase}`);
  const question = required(value, QUESTION_KEYS, `${label} question`);
  return { id, phase, question };
}

function inspirationQuestion(value: unknown): InspirationQuestion | undefined {
  if (typeof value === 'string') {
    const question = text(value);
    return question === undefined ? undefined : { question };
  }
  if (!isRecord(value)) return undefined;
  const question = readText(value, QUESTION_KEYS);
  if (question === undefined) return undefined;
  const id = readText(value, ['id']);
  const rawPhase = readText(value, PHASE_KEYS);
  const phase = rawPhase === undefined ? undefined : knownPhase(rawPhase);
  return { ...(id !== undefined && { id: changeQuestionId(id) }), ...(phase !== undefined && { phase }), question };
}

/** A 1-based draft reference (`2`, `"Draft 2"`, `"Alternative Draft 2"`) as a number, else undefined. */
function ordinal(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const digits = /(\d+)/.exec(value)?.[1];
  return digits === undefined || Number(digits) < 1 ? undefined : Number(digits);
}

/** The inspiration of a change and its attribution status; malformed → null, `invalid_unattributed`. */
function readInspiration(entry: Record<string, unknown>, losing: readonly LosingDraft[] | undefined): { inspiration: Inspiration | null | undefined; status: AttributionStatus } {
  const raw = readAlias(entry, ['inspiration', 'inspired_by', 'source_inspiration']);
  if (raw === undefined || raw === null) return { inspiration: raw, status: keptStatus(entry) ?? 'model_unattributed' };
  if (!isRecord(raw)) return { inspiration: null, status: 'invalid_unattributed' };
  const draft = readAlias(raw, ['alternative_draft', 'draft', 'draft_index']);
  let draftIndex = typeof draft === 'string' && losing !== undefined ? losing.findIndex((d) => d.memberId === draft.trim()) : -1;
  if (draftIndex < 0) draftIndex = (ordinal(draft) ?? 0) - 1;
  const rawQuestion = readAlias(raw, ['question', 'item']);
  const question = draftIndex >= 0 && rawQuestion !== undefined ? inspirationQuestion(rawQuestion) : undefined;
  if (question === undefined) return { inspiration: null, status: 'invalid_unattributed' };
  return { inspiration: { draftIndex, memberId: '', question }, status: 'inspired' };
}

/**
 * A status a previous normalization wrote (`attribution_status`), kept so that
 * a result reads back unchanged: `invalid_unattributed` or
 * `synthesized_unattributed` on a change without an inspiration. LoopTroop
 * itself never reads the field.
 */
function keptStatus(entry: Record<string, unknown>): AttributionStatus | undefined {
  const status = readAlias(entry, ['attribution_status']);
  return status === 'invalid_unattributed' || status === 'synthesized_unattributed' ? status : undefined;
}

/**
 * One entry of `changes`, or a refusal with LoopTroop's message.
 *
 * @example
 * readChange({ type: 'Removed', before: { id: 'Q2', phase: 'structure', question: 'Flows?' }, after: null }, 0, undefined)
 * // { type: 'removed', before: { id: 'Q02', … }, after: null, inspiration: null, status: 'model_unattributed', index: 0 }
 */
export function readChange(entry: unknown, index: number, losing: readonly LosingDraft[] | undefined): ChangeCandidate {
  if (!isRecord(entry)) throw new ChangeRefusal(`Interview refinement change at index ${index} is not an object`);
  const rawType = text(readAlias(entry, ['type', 'change_type']));
  if (rawType === undefined) throw new ChangeRefusal(`Interview refinement change at index ${index} is missing type`);
  const type = CHANGE_TYPES.find((t) => t === rawType.toLowerCase().replace(/[^a-z]/g, ''));
  if (type === undefined) throw new ChangeRefusal(`Interview refinement change at index ${index} has unknown type: ${rawType}`);
  const hasBefore = hasAlias(entry, ['before']);
  const hasAfter = hasAlias(entry, ['after']);
  const rawBefore = readAlias(entry, ['before']);
  const rawAfter = readAlias(entry, ['after']);
  const side = (has: boolean, raw: unknown, name: string): ChangeQuestion | null | undefined =>
    !has ? undefined : raw === null ? null : sideQuestion(raw, `Interview refinement change.${name} at index ${index}`);
  const before = side(hasBefore, rawBefore, 'before');
  const after = side(hasAfter, rawAfter, 'after');
  const { inspiration, status } = readInspiration(entry, losing);
  if (type === 'modified' || type === 'replaced') {
    if (!hasBefore && !hasAfter) throw new ChangeRefusal(`Interview refinement change at index ${index} is missing before and after`);
    if (before === null || after === null) throw new ChangeRefusal(`Interview refinement change at index ${index} must use a populated ${before === null ? 'before' : 'after'} for type ${type}`);
    return { type, before, after, inspiration, status, index };
  }
  if (!hasBefore) throw new ChangeRefusal(`Interview refinement change at index ${index} is missing before`);
  if (!hasAfter) throw new ChangeRefusal(`Interview refinement change at index ${index} is missing after`);
  if (type === 'added' && (before !== null || !after)) throw new ChangeRefusal(`Interview refinement change at index ${index} with type added must use before: null and a populated after`);
  if (type === 'removed' && (!before || rawAfter !== null)) throw new ChangeRefusal(`Interview refinement change at index ${index} with type removed must use after: null and a populated before`);
  return { type, before, after, inspiration: type === 'removed' ? null : inspiration, status, index };
}

/** The losing drafts of the context: member ids (strings) or `{ memberId | member_id, content }` objects. */
export function losingDraftsOf(value: unknown): LosingDraft[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((d) => {
    if (!isRecord(d)) return { memberId: text(d) ?? '' };
    const content = readAlias(d, ['content']);
    return { memberId: text(readAlias(d, ['member_id', 'id'])) ?? '', ...(typeof content === 'string' && { content }) };
  });
}
