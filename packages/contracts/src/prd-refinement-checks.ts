/**
 * LoopTroop's accounting of a refined PRD's `changes` against the winning
 * draft (spec §8): every before/after must name a real epic or story by id and
 * exact title, each item is referenced once (identical repeats collapse),
 * no-op modifications are dropped, omitted same-id modifications are
 * synthesized, and any other difference left uncovered refuses the output.
 */
import { safeParse, type CheckNote, type CheckOutcome, type ContractCheck } from '@airlock/core';
import { prdDraft, type Prd } from './prd.js';
import { changeOutput, readChanges, rosterOf, type ChangeItem, type ItemType, type ReadChange, type RefinementChange } from './refinement-changes.js';

/** A PRD carrying a `changes` list. */
export type PrdWithChanges = Prd & { changes: RefinementChange[] };

interface Item {
  readonly id: string;
  readonly title: string;
  readonly detail: string;
  /** The item's own content, compared to tell a modification from a no-op (an epic without its stories). */
  readonly content: string;
}

/** `epic:EPIC-1` / `user_story:US-1` → the item, in document order (epics first, then stories). */
function itemsOf(doc: Prd): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const { user_stories: _stories, ...epic } of doc.epics) {
    items.set(`epic:${epic.id}`, { id: epic.id, title: epic.title, detail: epic.objective, content: JSON.stringify(epic) });
  }
  for (const story of doc.epics.flatMap((epic) => epic.user_stories)) {
    items.set(`user_story:${story.id}`, { id: story.id, title: story.title, detail: story.acceptance_criteria[0] ?? '', content: JSON.stringify(story) });
  }
  return items;
}

/** The winning draft, read with the PRD's own contract. */
export function readWinningDraft(text: unknown, what: string): { doc?: Prd; issue?: string } {
  if (typeof text !== 'string') return { issue: `${what}: context.winner_draft must be the winning PRD YAML text.` };
  const result = safeParse(text, prdDraft);
  if (!result.success) return { issue: `${what}: the winning draft is not a valid PRD (${result.validationErrors?.[0]?.message ?? result.failure}).` };
  return { doc: result.data };
}

function sameItem(a: ChangeItem | null, b: ChangeItem | null): boolean {
  return a === null || b === null ? a === b : a.id === b.id && a.label === b.label;
}

function withDetail(item: ChangeItem | null, items: Map<string, Item>, type: ItemType): ChangeItem | null {
  if (item === null) return null;
  const found = items.get(`${type}:${item.id}`)!;
  return { id: found.id, label: found.title, detail: found.detail };
}

interface Ledger {
  readonly kept: ReadChange[];
  readonly notes: CheckNote[];
  readonly issues: string[];
}

/** Each before/after names a real item; each item is used once (identical repeats collapse, the differing inspiration cleared). */
function matchItems(changes: readonly ReadChange[], winner: Map<string, Item>, final: Map<string, Item>, what: string): Ledger {
  const kept: ReadChange[] = [];
  const notes: CheckNote[] = [];
  const issues: string[] = [];
  const usedBefore = new Map<string, number>();
  const usedAfter = new Map<string, number>();
  for (const change of changes) {
    const { index, before, after, item_type: type } = change;
    if (before !== null && winner.get(`${type}:${before.id}`)?.title !== before.label) {
      issues.push(`${what} change.before at index ${index} does not match any item from the winning draft`);
      continue;
    }
    if (after !== null && final.get(`${type}:${after.id}`)?.title !== after.label) {
      issues.push(`${what} change.after at index ${index} does not match any item from the final output`);
      continue;
    }
    const beforeKey = before && `${type}:${before.id}`;
    const afterKey = after && `${type}:${after.id}`;
    const earlier = (beforeKey !== null ? usedBefore.get(beforeKey) : undefined) ?? (afterKey !== null ? usedAfter.get(afterKey) : undefined);
    if (earlier !== undefined) {
      const first = kept[earlier]!;
      if (first.type !== change.type || first.item_type !== type || !sameItem(first.before, before) || !sameItem(first.after, after)) {
        const side = beforeKey !== null && usedBefore.has(beforeKey) ? 'change.before' : 'change.after';
        const owner = side === 'change.before' ? 'winning-draft' : 'final-output';
        issues.push(`${what} ${side} at index ${index} reuses a ${owner} item already referenced by another change`);
        continue;
      }
      if (JSON.stringify(first.inspiration) !== JSON.stringify(change.inspiration)) kept[earlier] = { ...first, inspiration: null };
      const id = (before ?? after)!.id;
      notes.push({ rule: 'check_dropped', message: `Collapsed duplicate ${what} ${change.type} change at index ${index} because ${id} was already covered by an identical ${change.type} change.`, path: ['changes', index] });
      continue;
    }
    if (beforeKey !== null) usedBefore.set(beforeKey, kept.length);
    if (afterKey !== null) usedAfter.set(afterKey, kept.length);
    kept.push(change);
  }
  return { kept, notes, issues };
}

const UNCOVERED = 'changes do not fully and exactly account for the diff between the winning draft and the final output.';

/**
 * Accounts the changes of `doc` against the winning draft `winner`. An absent
 * or empty list (after skipping invalid entries) is accepted without accounting.
 *
 * @example
 * accountChanges(refined, winner, [], 'PRD refinement').value?.changes // the changes read, synthesized ones appended
 */
export function accountChanges<T extends PrdWithChanges>(doc: T, winner: Prd, roster: readonly string[], what: string): CheckOutcome<T> {
  const winnerItems = itemsOf(winner);
  const finalItems = itemsOf(doc);
  const classify = (id: string): ItemType | undefined => (winnerItems.has(`epic:${id}`) || finalItems.has(`epic:${id}`) ? 'epic' : winnerItems.has(`user_story:${id}`) || finalItems.has(`user_story:${id}`) ? 'user_story' : undefined);
  const read = readChanges(doc.changes, classify, roster, what);
  if (read.issues.length > 0) return { issues: read.issues };
  if (read.changes.length === 0) return { value: { ...doc, changes: [] }, notes: read.notes };
  const ledger = matchItems(read.changes, winnerItems, finalItems, what);
  if (ledger.issues.length > 0) return { issues: ledger.issues };
  const notes = [...read.notes, ...ledger.notes];
  const covered = new Set<string>();
  const changes: RefinementChange[] = [];
  for (const change of ledger.kept) {
    const key = `${change.item_type}:${(change.before ?? change.after)!.id}`;
    const was = winnerItems.get(key);
    const now = finalItems.get(key);
    if (change.type === 'modified' && was!.content === now!.content) {
      notes.push({ rule: 'check_dropped', message: `Dropped no-op ${what} modified change at index ${change.index}: ${change.item_type} ${was!.id} is unchanged.`, path: ['changes', change.index] });
      continue;
    }
    if ((change.type === 'added' && was !== undefined) || (change.type === 'removed' && now !== undefined)) return { issues: [`${what} ${UNCOVERED}`] };
    covered.add(key);
    changes.push(changeOutput({ ...change, before: withDetail(change.before, winnerItems, change.item_type), after: withDetail(change.after, finalItems, change.item_type) }));
  }
  for (const key of new Set([...winnerItems.keys(), ...finalItems.keys()])) {
    const was = winnerItems.get(key);
    const now = finalItems.get(key);
    if (covered.has(key) || (was !== undefined && now !== undefined && was.content === now.content)) continue;
    if (was === undefined || now === undefined) return { issues: [`${what} ${UNCOVERED}`] };
    const type = key.slice(0, key.indexOf(':')) as ItemType;
    notes.push({ rule: 'check_synthesized', message: `Synthesized omitted ${what} modified change for ${type} ${was.id} by matching item_type + id across the winning and final drafts.`, path: ['changes', changes.length] });
    changes.push({
      type: 'modified',
      item_type: type,
      before: { id: was.id, label: was.title, detail: was.detail },
      after: { id: now.id, label: now.title, detail: now.detail },
      inspiration: null,
      attribution_status: 'synthesized_unattributed',
    });
  }
  return { value: { ...doc, changes }, notes };
}

/**
 * The changes check of a refined PRD: needs `winner_draft`; reads
 * `losing_drafts` for the inspirations.
 *
 * @example
 * const check = changesCheck('PRD refinement'); // used by prdRefinement
 */
export function changesCheck<T extends PrdWithChanges>(what: string): ContractCheck<T> {
  return {
    name: `${what} changes`,
    needs: ['winner_draft'],
    run(doc, context) {
      const winner = readWinningDraft(context['winner_draft'], what);
      if (winner.doc === undefined) return { issues: [winner.issue!] };
      return accountChanges(doc, winner.doc, rosterOf(context['losing_drafts']), what);
    },
  };
}
