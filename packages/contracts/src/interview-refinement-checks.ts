/**
 * The accounting of an interview refinement's `changes` against the winning
 * draft and the refined list, in LoopTroop's order: stale refined questions
 * repaired from the declared changes, sides canonicalized to a record with a
 * unique id + phase, no-op changes dropped, `added` over a reused winner id
 * turned into `replaced`, omitted same-identity modifications synthesized,
 * partial entries dropped or completed, then every change must match the
 * winning or the final list without reuse, and together they must cover the
 * exact diff. Every repair is recorded in LoopTroop's words; the rest refuses.
 */
import type { CheckNote } from '@airlock/core';
import { sortByPhase } from './interview-question-reading.js';
import { ChangeRefusal, identityKey, questionKey, type ChangeCandidate, type ChangeQuestion, type Inspiration, type LosingDraft } from './interview-refinement-changes.js';

/** A change once accounted for: both sides settled. */
export type AccountedChange = {
  type: ChangeCandidate['type'];
  before: ChangeQuestion | null;
  after: ChangeQuestion | null;
  inspiration: Inspiration | null;
  status: ChangeCandidate['status'];
};

/** Lists by exact record and by identity. */
class Lookup {
  readonly full = new Set<string>();
  readonly byIdentity = new Map<string, ChangeQuestion[]>();
  constructor(questions: readonly ChangeQuestion[]) {
    for (const q of questions) {
      this.full.add(questionKey(q));
      const list = this.byIdentity.get(identityKey(q)) ?? [];
      list.push(q);
      this.byIdentity.set(identityKey(q), list);
    }
  }
  /** The only record with this identity, if there is exactly one. */
  unique(q: ChangeQuestion): ChangeQuestion | undefined {
    const list = this.byIdentity.get(identityKey(q));
    return list?.length === 1 ? list[0] : undefined;
  }
}

const isComplete = (c: ChangeCandidate): boolean =>
  c.type === 'modified' || c.type === 'replaced' ? Boolean(c.before && c.after) : c.type === 'added' ? c.before === null && Boolean(c.after) : Boolean(c.before) && c.after === null;

/** Records a repair; `index` is the change's position in the model's list (-1: synthesized). */
function note(notes: CheckNote[], rule: CheckNote['rule'], message: string, index?: number): void {
  notes.push({ rule, message, ...(index !== undefined && index >= 0 && { path: ['changes', index] }) });
}

/** The refined list with the declared changes applied where it still held the pre-change records. */
function repairStaleFinal(final: ChangeQuestion[], changes: readonly ChangeCandidate[], notes: CheckNote[]): ChangeQuestion[] {
  const list = [...final];
  const at = (q: ChangeQuestion): number => list.findIndex((c) => questionKey(c) === questionKey(q));
  const atIdentity = (q: ChangeQuestion): number => list.findIndex((c) => identityKey(c) === identityKey(q));
  let repaired = false;
  for (const c of changes) {
    if ((c.type !== 'modified' && c.type !== 'replaced') || !c.before || !c.after || at(c.after) !== -1) continue;
    const i = at(c.before);
    if (i === -1) continue;
    list[i] = c.after;
    repaired = true;
    note(notes, 'check_restored', `Updated the refined interview questions from ${c.type} change at index ${c.index} for ${c.after.id} because the top-level questions list still contained the pre-change record.`, c.index);
  }
  for (const c of changes) {
    if (c.type !== 'added' || c.before !== null || !c.after || at(c.after) !== -1) continue;
    const i = atIdentity(c.after);
    if (i === -1) continue;
    list[i] = c.after;
    repaired = true;
    note(notes, 'check_restored', `Updated the refined interview questions from added change at index ${c.index} for ${c.after.id} because the top-level questions list still contained the winner-draft record with the same id and phase.`, c.index);
  }
  for (const c of changes) {
    if (c.type !== 'removed' || !c.before || c.after !== null) continue;
    const i = at(c.before);
    if (i === -1) continue;
    list.splice(i, 1);
    repaired = true;
    note(notes, 'check_dropped', `Removed stale top-level refined interview question ${c.before.id} using removed change at index ${c.index}.`, c.index);
  }
  const sorted = sortByPhase(list);
  if (repaired && sorted.some((q, i) => q !== list[i])) note(notes, 'check_canonicalized', 'Applied stable interview phase reordering after repairing the refined question list from declared changes.');
  return sorted;
}

/** Sides canonicalized by unique identity, no-ops dropped, `added` over a reused winner id made `replaced`. */
function canonicalize(changes: readonly ChangeCandidate[], winner: readonly ChangeQuestion[], final: readonly ChangeQuestion[], notes: CheckNote[]): ChangeCandidate[] {
  const w = new Lookup(winner);
  const f = new Lookup(final);
  const out: ChangeCandidate[] = [];
  for (const c of changes) {
    let { before, after } = c;
    if (before && !w.full.has(questionKey(before)) && w.unique(before)) {
      before = w.unique(before)!;
      note(notes, 'check_canonicalized', `Canonicalized interview refinement change.before at index ${c.index} to the winning draft record for ${before.id}.`, c.index);
    }
    if (after && !f.full.has(questionKey(after)) && f.unique(after)) {
      after = f.unique(after)!;
      note(notes, 'check_canonicalized', `Canonicalized interview refinement change.after at index ${c.index} to the refined final record for ${after.id}.`, c.index);
    }
    if ((c.type === 'modified' || c.type === 'replaced') && before && after && questionKey(before) === questionKey(after) && w.full.has(questionKey(before)) && f.full.has(questionKey(after))) {
      note(notes, 'check_dropped', `Dropped no-op interview refinement ${c.type} at index ${c.index} because the question is unchanged across the winning and final drafts.`, c.index);
      continue;
    }
    out.push({ ...c, before, after });
  }
  const accounted = new Set(out.filter((c) => c.before).map((c) => c.before!.id));
  const orphans = new Map(winner.filter((q) => !accounted.has(q.id)).map((q) => [q.id, q] as const));
  return out.map((c) => {
    const orphan = c.type === 'added' && c.before === null && c.after ? orphans.get(c.after.id) : undefined;
    if (orphan === undefined || questionKey(orphan) === questionKey(c.after!)) return c;
    orphans.delete(c.after!.id);
    note(notes, 'check_canonicalized', `Converted interview refinement change at index ${c.index} from "added" to "replaced" because ${c.after!.id} already existed in the winning draft with different content.`, c.index);
    return { ...c, type: 'replaced', before: orphan };
  });
}

function usedKeys(changes: readonly ChangeCandidate[]): { before: Set<string>; after: Set<string> } {
  const before = new Set<string>();
  const after = new Set<string>();
  for (const c of changes.filter(isComplete)) {
    if (c.before) before.add(questionKey(c.before));
    if (c.after) after.add(questionKey(c.after));
  }
  return { before, after };
}

/** Omitted same-identity modifications synthesized; partial entries they cover dropped; others completed by unique identity. */
function completePartials(changes: readonly ChangeCandidate[], winner: readonly ChangeQuestion[], final: readonly ChangeQuestion[], notes: CheckNote[]): ChangeCandidate[] {
  const w = new Lookup(winner);
  const f = new Lookup(final);
  const used = usedKeys(changes);
  const synthesized: ChangeCandidate[] = [];
  for (const before of winner) {
    const after = f.unique(before);
    if (after === undefined) continue;
    const [bk, ak] = [questionKey(before), questionKey(after)];
    if (bk === ak || !w.full.has(bk) || used.before.has(bk) || used.after.has(ak)) continue;
    synthesized.push({ type: 'modified', before, after, inspiration: null, status: 'synthesized_unattributed', index: -1 });
    used.before.add(bk);
    used.after.add(ak);
    note(notes, 'check_synthesized', `Synthesized omitted interview refinement modified change for ${before.id} by matching id and phase across the winning and final drafts.`);
  }
  const synthBefore = new Set(synthesized.map((c) => questionKey(c.before!)));
  const synthAfter = new Set(synthesized.map((c) => questionKey(c.after!)));
  const kept = [...changes, ...synthesized].filter((c) => {
    if (isComplete(c)) return true;
    if ((c.before && synthBefore.has(questionKey(c.before))) || (c.after && synthAfter.has(questionKey(c.after)))) {
      note(notes, 'check_dropped', `Dropped partial interview refinement change at index ${c.index} because a canonical same-identity modified change for ${c.before?.id ?? c.after?.id ?? 'unknown question'} was synthesized from the winner/final question lists.`, c.index);
      return false;
    }
    return true;
  });
  const stillUsed = usedKeys(kept);
  return kept.map((c) => {
    if (isComplete(c) || (c.type !== 'modified' && c.type !== 'replaced')) return c;
    const known = c.before ?? c.after;
    if (!known) return c;
    const other = c.before ? f.unique(known) : w.unique(known);
    if (other === undefined) return c;
    const [before, after] = c.before ? [c.before, other] : [other, c.after!];
    const [bk, ak] = [questionKey(before), questionKey(after)];
    if (bk === ak || stillUsed.before.has(bk) || stillUsed.after.has(ak)) return c;
    stillUsed.before.add(bk);
    stillUsed.after.add(ak);
    note(notes, 'check_restored', c.before ? `Inferred missing interview refinement change.after at index ${c.index} from refined final question ${other.id} by matching id and phase.` : `Inferred missing interview refinement change.before at index ${c.index} from winning-draft question ${other.id} by matching id and phase.`, c.index);
    return { ...c, before, after };
  });
}

/** Each change matches the winner/final lists once; all together cover the diff exactly. */
function validate(changes: readonly ChangeCandidate[], winner: readonly ChangeQuestion[], final: readonly ChangeQuestion[]): AccountedChange[] {
  const winnerKeys = new Set(winner.map(questionKey));
  const finalKeys = new Set(final.map(questionKey));
  const usedBefore = new Set<string>();
  const usedAfter = new Set<string>();
  const out = changes.map((c, index): AccountedChange => {
    if (!isComplete(c)) {
      const side = (c.type === 'modified' || c.type === 'replaced') ? (c.before === undefined ? 'before' : 'after') : undefined;
      throw new ChangeRefusal(side ? `Interview refinement change at index ${c.index} is missing ${side} and no unique safe repair candidate was found` : `Interview refinement change at index ${c.index} remains incomplete after repair`);
    }
    const before = c.before ?? null;
    const after = c.after ?? null;
    if (before && after && questionKey(before) === questionKey(after)) throw new ChangeRefusal(`Interview refinement change at index ${index} cannot use identical before and after question records`);
    if (before) {
      if (!winnerKeys.has(questionKey(before))) throw new ChangeRefusal(`Interview refinement change.before at index ${index} does not match any question from the winning draft`);
      if (usedBefore.has(questionKey(before))) throw new ChangeRefusal(`Interview refinement change.before at index ${index} reuses a winning-draft question already referenced by another change`);
      usedBefore.add(questionKey(before));
    }
    if (after) {
      if (!finalKeys.has(questionKey(after))) throw new ChangeRefusal(`Interview refinement change.after at index ${index} does not match any question from the refined final list`);
      if (usedAfter.has(questionKey(after))) throw new ChangeRefusal(`Interview refinement change.after at index ${index} reuses a refined question already referenced by another change`);
      usedAfter.add(questionKey(after));
    }
    const inspiration = c.type === 'removed' ? null : (c.inspiration ?? null);
    return { type: c.type, before, after, inspiration, status: inspiration ? 'inspired' : c.status };
  });
  const exact =
    [...winnerKeys].every((k) => finalKeys.has(k) || usedBefore.has(k)) &&
    [...finalKeys].every((k) => winnerKeys.has(k) || usedAfter.has(k)) &&
    [...usedBefore].every((k) => winnerKeys.has(k) && !finalKeys.has(k)) &&
    [...usedAfter].every((k) => finalKeys.has(k) && !winnerKeys.has(k));
  if (!exact) throw new ChangeRefusal('Interview refinement changes do not fully and exactly account for the differences between the winning draft and the refined final draft');
  return out;
}

/**
 * Member ids for inspirations that name a losing draft of the context, their
 * question completed from that draft when it matches one record; an index
 * past the list drops the inspiration (recorded).
 */
function resolveInspirations(changes: AccountedChange[], losing: readonly LosingDraft[], readDraft: (content: string) => readonly ChangeQuestion[], notes: CheckNote[]): AccountedChange[] {
  const drafts = new Map<number, readonly ChangeQuestion[]>();
  return changes.map((c) => {
    const insp = c.inspiration;
    if (insp === null) return c;
    const draft = losing[insp.draftIndex];
    if (draft === undefined) {
      note(notes, 'check_dropped', `Inspiration draftIndex ${insp.draftIndex} is out of bounds (${losing.length} alternatives). Setting inspiration to null.`);
      return { ...c, inspiration: null, status: 'invalid_unattributed' };
    }
    if (!drafts.has(insp.draftIndex)) drafts.set(insp.draftIndex, draft.content === undefined ? [] : readDraft(draft.content));
    return { ...c, inspiration: { ...insp, memberId: draft.memberId, question: hydrate(insp.question, drafts.get(insp.draftIndex)!) } };
  });
}

function hydrate(q: Inspiration['question'], draft: readonly ChangeQuestion[]): Inspiration['question'] {
  const squash = (s: string): string => s.trim().replace(/\s+/g, ' ');
  const fits = (c: ChangeQuestion): boolean => (q.id === undefined || c.id === q.id) && (q.phase === undefined || c.phase === q.phase);
  const exact = draft.filter((c) => squash(c.question) === squash(q.question) && fits(c));
  if (exact.length === 1) return exact[0]!;
  if (q.id !== undefined || q.phase !== undefined) {
    const byMeta = draft.filter(fits);
    if (byMeta.length === 1) return byMeta[0]!;
  }
  return q;
}

export interface Accounting {
  questions: ChangeQuestion[];
  changes: AccountedChange[];
}

/**
 * The whole accounting; throws a {@link ChangeRefusal} with LoopTroop's message.
 *
 * @example
 * accountChanges(final, parsedChanges, winner, undefined, readDraft, notes).changes[0].type // 'modified'
 */
export function accountChanges(
  final: readonly ChangeQuestion[],
  parsed: readonly ChangeCandidate[],
  winner: readonly ChangeQuestion[],
  losing: readonly LosingDraft[] | undefined,
  readDraft: (content: string) => readonly ChangeQuestion[],
  notes: CheckNote[],
): Accounting {
  const questions = repairStaleFinal([...final], parsed, notes);
  const canonical = canonicalize(parsed, winner, questions, notes);
  const completed = completePartials(canonical, winner, questions, notes);
  let changes = validate(completed, winner, questions);
  if (losing !== undefined) changes = resolveInspirations(changes, losing, readDraft, notes);
  return { questions, changes };
}
