/**
 * The PRD checks LoopTroop runs after the shape is valid: free-form epic and
 * story ids kept, only missing or duplicate ones filled from the position, and
 * `source_interview.content_sha256` forced to the approved interview's hash.
 */
import { createHash } from 'node:crypto';
import type { CheckNote, CheckOutcome, ContractCheck } from '@airlock/core';
import { loadYaml } from '@airlock/core/internal';
import type { Prd } from './prd-schema.js';

/** `base`, else `base-2`, `base-3`, … : the first one not taken. */
function freeId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

interface IdSlot {
  readonly id: string;
  readonly fallback: string;
  readonly path: (string | number)[];
  /** `epic` or `user story`, for the messages. */
  readonly kind: string;
  /** Where the item is, for the fill message (`Epic at index 0`). */
  readonly where: string;
}

/**
 * Keeps the first occurrence of every id; the missing and the repeated get
 * their fallback (suffixed while taken). Ids the model wrote are reserved first,
 * so a fill never takes one of them.
 */
function assignIds(slots: readonly IdSlot[], notes: CheckNote[]): string[] {
  const kept = new Set<string>();
  const keep = slots.map((slot) => {
    if (slot.id === '' || kept.has(slot.id)) return false;
    kept.add(slot.id);
    return true;
  });
  const taken = new Set(kept);
  return slots.map((slot, index) => {
    if (keep[index]) return slot.id;
    const id = freeId(slot.fallback, taken);
    taken.add(id);
    const message = slot.id === '' ? `${slot.where} was missing id. Filled with ${id}.` : `Renumbered duplicate ${slot.kind} id ${slot.id} to ${id}.`;
    notes.push({ rule: 'check_canonicalized', message, path: slot.path, ...(slot.id !== '' && { before: slot.id }), after: id });
    return id;
  });
}

/**
 * Epic ids are unique among epics (`EPIC-<position>` for a missing or repeated
 * one), story ids unique across the whole PRD (`US-<epic#>-<story#>`).
 *
 * @example
 * prdIdsCheck().run(prdWithTwoEpicsBothEPIC1, {}).value.epics.map((e) => e.id) // ['EPIC-1', 'EPIC-2']
 */
export function prdIdsCheck<T extends Prd>(): ContractCheck<T> {
  return { name: 'PRD ids', run: fillPrdIds };
}

function fillPrdIds<T extends Prd>(doc: T): CheckOutcome<T> {
  const notes: CheckNote[] = [];
  const epicIds = assignIds(
    doc.epics.map((epic, e) => ({ id: epic.id, fallback: `EPIC-${e + 1}`, path: ['epics', e, 'id'], kind: 'epic', where: `Epic at index ${e}` })),
    notes,
  );
  const storySlots = doc.epics.flatMap((epic, e) =>
    epic.user_stories.map((story, s) => ({ id: story.id, fallback: `US-${e + 1}-${s + 1}`, path: ['epics', e, 'user_stories', s, 'id'], kind: 'user story', where: `User story at epic ${e + 1}, index ${s}` })),
  );
  const storyIds = assignIds(storySlots, notes);
  if (notes.length === 0) return {};
  let next = 0;
  const epics = doc.epics.map((epic, e) => ({ ...epic, id: epicIds[e]!, user_stories: epic.user_stories.map((story) => ({ ...story, id: storyIds[next++]! })) }));
  return { value: { ...doc, epics }, notes };
}

/** sha256 hex of a text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The approved interview must be YAML; the PRD's `source_interview.content_sha256`
 * is forced to its sha256 (LoopTroop hashes its normalized interview YAML, the
 * contract hashes the text given). A missing hash is filled without a record, a
 * different one is canonicalized with one.
 *
 * @example
 * interviewHashCheck().run(doc, { interview: 'artifact: interview\nquestions: [' }).issues // ['Interview artifact is invalid: …']
 */
export function interviewHashCheck<T extends Prd>(): ContractCheck<T> {
  return { name: 'PRD source interview', needs: ['interview'], run: forceInterviewHash };
}

function forceInterviewHash<T extends Prd>(doc: T, context: Readonly<Record<string, unknown>>): CheckOutcome<T> {
  const interview = context['interview'];
  if (typeof interview !== 'string') return { issues: ['Interview artifact is invalid: context.interview must be the approved interview YAML text.'] };
  const loaded = loadYaml(interview);
  if (!loaded.ok) return { issues: [`Interview artifact is invalid: ${loaded.error}`] };
  if (typeof loaded.value !== 'object' || loaded.value === null || Array.isArray(loaded.value)) return { issues: ['Interview artifact is invalid: it is not a YAML mapping.'] };
  const sha = sha256Hex(interview);
  const given = doc.source_interview.content_sha256;
  if (given === sha) return {};
  const value = { ...doc, source_interview: { ...doc.source_interview, content_sha256: sha } };
  if (given.trim() === '') return { value };
  const message = 'Canonicalized source_interview.content_sha256 from the approved Interview Results artifact.';
  return { value, notes: [{ rule: 'check_canonicalized', message, path: ['source_interview', 'content_sha256'], before: given, after: sha }] };
}
